import ArgumentParser
import Foundation
import MVVMLint

/// The `mvvm` command: lints SwiftUI code against the MVVM architecture, prints its rules, and
/// scaffolds new screens.
struct MVVMCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mvvm",
        abstract: "Keep a SwiftUI codebase on the MVVM architecture.",
        version: MVVMLintVersion.current,
        subcommands: [LintCommand.self, RulesCommand.self, NewCommand.self, TemplateCommand.self, GraphCommand.self],
        defaultSubcommand: LintCommand.self
    )

    /// Parses `arguments` and runs the command they name with `rules`, with one change to the
    /// argument parser's exit codes: usage errors exit with 2, as the rest of the tool's errors
    /// that stop a run (scripts and CI tell 2 from 1, "violations found").
    static func run(_ arguments: [String], rules: RuleSet) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            // The rules are handed down, not kept in a global: a command that reads code or
            // configuration gets them as an argument.
            if let reading = command as? any CommandUsingRules {
                try reading.run(rules: rules)
            } else {
                try command.run()
            }
            // Something that had to be printed and could not be is an I/O error.
            Foundation.exit(StandardStream.hasFailed ? 2 : 0)
        } catch let failure as CommandFailure {
            StandardStream.note("mvvm: \(PrintableText.escaping(failure.message, keepingNewlines: true))\n")
            Foundation.exit(2)
        } catch {
            if exitCode(for: error) == .validationFailure {
                // The parser repeats the values it refused, which may hold control characters.
                StandardStream.note(PrintableText.escaping(fullMessage(for: error), keepingNewlines: true) + "\n")
                Foundation.exit(2)
            }
            if let code = error as? ExitCode {
                Foundation.exit(StandardStream.hasFailed ? 2 : code.rawValue)
            }
            exit(withError: error)
        }
    }
}

/// A command that reads code or configuration, and so needs the rules the tool was started with.
protocol CommandUsingRules: ParsableCommand {
    /// Runs the command with the tool's rules.
    func run(rules: RuleSet) throws
}
