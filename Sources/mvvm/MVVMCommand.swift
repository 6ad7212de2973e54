import ArgumentParser

/// The `mvvm` command: lints SwiftUI code against the MVVM architecture and prints its rules.
@main
struct MVVMCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mvvm",
        abstract: "Keep a SwiftUI codebase on the MVVM architecture.",
        subcommands: [LintCommand.self, RulesCommand.self],
        defaultSubcommand: LintCommand.self
    )
}
