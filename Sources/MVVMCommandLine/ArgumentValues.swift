import ArgumentParser
import MVVMLint
import MVVMScaffold

// Options with a fixed set of values are typed, so `--help` and shell completion list the values
// and a wrong one is refused by the argument parser, naming the choices.

// A preset may be one the configuration defines, which is known only once it is read: any
// name is taken here, and `lint` refuses an unknown one in the parser's words. Help and shell
// completion list the built-in presets.
extension Preset.ID: ExpressibleByArgument {
    /// Any non-empty name.
    public init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        self.init(rawValue: argument)
    }

    /// The built-in presets, for help and completion.
    public static var allValueStrings: [String] {
        Preset.builtIn.map(\.id.rawValue)
    }
}

extension GraphFormat: ExpressibleByArgument {}

extension ScreenStyle: ExpressibleByArgument {}

extension DependencyPattern: ExpressibleByArgument {}
