import Foundation
import MVVMCommandLine
@_spi(Testing) import MVVMLint

// `mvvm` with two rules written in Swift added, as a team's tool is made. For tests, a first
// argument picks another rule set for the same binary: `--rule-set=built-in` runs the built-in
// rules alone, `--rule-set=clash` adds a rule that takes a built-in rule's id too.
var arguments = Array(CommandLine.arguments.dropFirst())
// `--signal-during-fix=SIGNAL:STEP` sends the process SIGNAL at that step of every file `--fix`
// rewrites (0 before the first byte, 1 halfway, 2 after the last), for the signal tests.
if let first = arguments.first, first.hasPrefix("--signal-during-fix=") {
    arguments.removeFirst()
    let values = first.dropFirst("--signal-during-fix=".count).split(separator: ":").compactMap { Int32($0) }
    if values.count == 2 {
        let (number, step) = (values[0], Int(values[1]))
        // A test runner may start its children with the signal ignored or blocked; a user's
        // shell does neither. Threads made later inherit the mask.
        _ = signal(number, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, number)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        FileFixer.writeStep = { if $0 == step { kill(getpid(), number) } }
    }
}
let choice = arguments.first?.hasPrefix("--rule-set=") == true ? String(arguments.removeFirst().dropFirst("--rule-set=".count)) : nil
switch choice {
case "built-in":
    MVVMTool.main(arguments, rules: .builtIn)
case "clash":
    MVVMTool.main(arguments, rules: try .builtIn + [PrintCallRule.self, HelperTypeRule.self, ClashingRule.self])
default:
    MVVMTool.main(arguments, rules: try .builtIn + [PrintCallRule.self, HelperTypeRule.self])
}
