import MVVMCommandLine
import MVVMLint

// `mvvm` with two rules written in Swift added, as a team's tool is made. For tests, a first
// argument picks another rule set for the same binary: `--rule-set=built-in` runs the built-in
// rules alone, `--rule-set=clash` adds a rule that takes a built-in rule's id too.
var arguments = Array(CommandLine.arguments.dropFirst())
let choice = arguments.first?.hasPrefix("--rule-set=") == true ? String(arguments.removeFirst().dropFirst("--rule-set=".count)) : nil
switch choice {
case "built-in":
    MVVMTool.main(arguments, rules: .builtIn)
case "clash":
    MVVMTool.main(arguments, rules: try .builtIn + [PrintCallRule.self, HelperTypeRule.self, ClashingRule.self])
default:
    MVVMTool.main(arguments, rules: try .builtIn + [PrintCallRule.self, HelperTypeRule.self])
}
