import ArgumentParser
import Foundation
import MVVMLint

/// `mvvm rules`: the rule book, generated from the rules themselves, followed by the custom
/// and layer rules of the configuration in use.
struct RulesCommand: CommandUsingRules {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the lint rules, or print the full rule book with examples."
    )

    @Flag(help: "Print the rule book in Markdown, with each rule's rationale and examples.")
    var markdown = false

    @Option(help: "The configuration whose custom rules are listed too (default: the nearest .mvvm.yml above the current folder).")
    var config: String?

    func run(rules: RuleSet) throws {
        let custom = try customRules(rules)
        if markdown {
            print(RuleBook.markdown(rules), terminator: "")
            if !custom.isEmpty {
                print("\n## Custom rules\n\n| id | severity | summary |\n|---|---|---|")
                for rule in custom {
                    print("| `\(rule.id)` | \(rule.severity.rawValue) | \(PrintableText.escaping(rule.summary).replacingOccurrences(of: "|", with: "\\|")) |")
                }
            }
        } else {
            print(RuleBook.list(rules) + CustomRuleSummary.list(custom, idWidth: rules.ids.map(\.count).max() ?? 0), terminator: "")
        }
    }

    /// The custom rules of `--config`, else of the nearest configuration; none without one.
    private func customRules(_ rules: RuleSet) throws -> [CustomRuleSummary] {
        guard let path = config ?? ConfigurationLoader.find(from: FileManager.default.currentDirectoryPath) else { return [] }
        do {
            return CustomRuleSummary.all(in: [try ConfigurationLoader(rules: rules).load(path: path)])
        } catch {
            throw ExitCode.stopped(error.description)
        }
    }
}
