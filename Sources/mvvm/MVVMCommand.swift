import ArgumentParser
import Foundation
import MVVMLint

/// The `mvvm` command: lints SwiftUI code against the MVVM architecture, prints its rules, and
/// scaffolds new screens.
@main
struct MVVMCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mvvm",
        abstract: "Keep a SwiftUI codebase on the MVVM architecture.",
        version: MVVMLintVersion.current,
        subcommands: [LintCommand.self, RulesCommand.self, NewCommand.self, TemplateCommand.self, GraphCommand.self],
        defaultSubcommand: LintCommand.self
    )

    /// The rules every command uses: the one place the tool chooses them.
    static let rules = RuleSet.builtIn

    /// Runs the command, with one change to the argument parser's exit codes: usage errors exit
    /// with 2, as the rest of the tool's errors that stop a run (scripts and CI tell 2 from 1,
    /// "violations found").
    static func main() {
        AllocatorArenas.shareOne()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
