import ArgumentParser

/// The `mvvm` command: lints SwiftUI code against the MVVM architecture, prints its rules, and
/// scaffolds new screens.
@main
struct MVVMCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mvvm",
        abstract: "Keep a SwiftUI codebase on the MVVM architecture.",
        subcommands: [LintCommand.self, RulesCommand.self, NewCommand.self, TemplateCommand.self],
        defaultSubcommand: LintCommand.self
    )
}
