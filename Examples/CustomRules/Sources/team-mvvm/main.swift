import MVVMCommandLine
import MVVMLint
import TeamRules

// The same command line as `mvvm`, with the team's rules beside the built-in ones. An id that
// two rules share stops the tool with exit status 2 before it reads anything.
MVVMTool.main(rules: try .builtIn + TeamRules.all)
