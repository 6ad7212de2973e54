import Foundation

/// What a ``ProjectRule`` sees: every file's facts and the resolved roles.
public struct ProjectContext: Sendable {
    /// Facts of every linted file.
    public let files: [FileFacts]
    /// Resolved roles.
    public let index: ProjectIndex
    /// The settings that apply to a file.
    public let configuration: @Sendable (String) -> Configuration

    /// A finding of `rule` in `path`, with that file's severity for the rule.
    public func report(_ rule: RuleDescription, path: String, line: Int, column: Int, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(path: path, line: line, column: column, ruleID: rule.id,
                   severity: configuration(path).severity(of: rule), message: message, hint: hint)
    }
}
