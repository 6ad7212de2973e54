import ArgumentParser
import Foundation
import MVVMLint

/// `mvvm rules`: the rule book, generated from the rules themselves, followed by the custom
/// and layer rules and the presets of the configuration in use.
struct RulesCommand: CommandUsingRules {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the lint rules, or print the full rule book with examples."
    )

    @Flag(help: "Print the rule book in Markdown, with each rule's rationale and examples.")
    var markdown = false

    @Option(help: "The configuration whose custom rules and presets are listed too (default: the nearest .mvvm.yml above the current folder).")
    var config: String?

    func run(rules: RuleSet) throws {
        let configuration = try nearestConfiguration(rules)
        let custom = configuration.map { CustomRuleSummary.all(in: [$0]) } ?? []
        let presets = configuration?.presets ?? []
        if markdown {
            try StandardStream.print(RuleBook.markdown(rules))
            if !custom.isEmpty {
                try StandardStream.print("\n## Custom rules\n\n" + RuleBook.customRules(custom))
            }
            if !presets.isEmpty {
                try StandardStream.print("\n## Presets of the configuration\n\n" + RuleBook.configurationPresets(presets, in: rules))
            }
        } else {
            try StandardStream.print(RuleBook.list(rules) + CustomRuleSummary.list(custom, idWidth: rules.ids.map(\.count).max() ?? 0))
            // One for every preset listed: each chain is walked once, not once per preset.
            let membership = Preset.Membership(presets: presets)
            for preset in presets {
                let parent = preset.parent.map { ", extends \($0)" } ?? ""
                let summary = preset.summary.isEmpty ? "" : ": \(PrintableText.escaping(preset.summary))"
                try StandardStream.print("preset \(preset.id) (\(rules.rules(of: preset.id, membership: membership).count) rules\(parent))\(summary)\n")
            }
        }
    }

    /// The configuration of `--config`, else the nearest one; none without one.
    private func nearestConfiguration(_ rules: RuleSet) throws -> Configuration? {
        guard let path = config ?? ConfigurationLoader.find(from: FileManager.default.currentDirectoryPath) else { return nil }
        do {
            return try ConfigurationLoader(rules: rules, runningTool: ProjectOptions.toolName).load(path: path)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
