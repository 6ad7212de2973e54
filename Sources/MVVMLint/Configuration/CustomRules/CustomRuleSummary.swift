import Foundation

/// One line about a custom or layer rule, for the rule list and the reports that describe
/// their rules (SARIF).
public struct CustomRuleSummary: Hashable, Sendable {
    /// The rule's id.
    public var id: String
    /// What it checks, in one sentence.
    public var summary: String
    /// Its severity.
    public var severity: Severity

    /// Creates a summary.
    public init(id: String, summary: String, severity: Severity) {
        self.id = id
        self.summary = summary
        self.severity = severity
    }

    /// The custom and layer rules of `configurations`, each id once, sorted by id.
    public static func all(in configurations: [Configuration]) -> [CustomRuleSummary] {
        var found: [String: CustomRuleSummary] = [:]
        for configuration in configurations {
            for rule in configuration.customRules where found[rule.id] == nil {
                found[rule.id] = CustomRuleSummary(id: rule.id, summary: rule.message, severity: rule.severity)
            }
            for layer in configuration.layers where found[layer.id] == nil {
                let summary = layer.message ?? "Modules matching \(layer.modules.joined(separator: ", ")) may not import \(layer.forbiddenImports.joined(separator: ", "))."
                found[layer.id] = CustomRuleSummary(id: layer.id, summary: summary, severity: layer.severity)
            }
        }
        return found.values.sorted { $0.id < $1.id }
    }

    /// One line per rule: id, `custom`, severity, summary; the layout of the built-in rule list,
    /// with ids padded to at least `idWidth` so both lists line up.
    public static func list(_ rules: [CustomRuleSummary], idWidth: Int = 0) -> String {
        let width = max(idWidth, rules.map(\.id.count).max() ?? 0)
        return rules.map { rule in
            let id = rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
            return "\(id)  custom     \(rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(PrintableText.escaping(rule.summary))"
        }.joined(separator: "\n") + (rules.isEmpty ? "" : "\n")
    }
}
