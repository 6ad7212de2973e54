import ArgumentParser
import MVVMLint
import MVVMScaffold

// Options with a fixed set of values are typed, so `--help` and shell completion list the values
// and a wrong one is refused by the argument parser, naming the choices.

extension Preset: ExpressibleByArgument {}

extension GraphFormat: ExpressibleByArgument {}

extension ScreenStyle: ExpressibleByArgument {}

extension DependencyPattern: ExpressibleByArgument {}
