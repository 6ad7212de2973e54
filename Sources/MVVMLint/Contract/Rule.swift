/// A check of the architecture. Each rule is a small type in its own file, with its
/// ``RuleDescription`` (documentation and executable examples) beside its logic.
public protocol Rule: Sendable {
    /// The rule book entry and examples.
    static var description: RuleDescription { get }
    /// Creates the rule.
    init()
}

/// A rule that looks at one file's syntax tree. It runs while the tree exists; findings that
/// depend on other files (is this class a view model?) carry ``RoleCondition``s.
public protocol FileRule: Rule {
    /// Returns the file's findings.
    func check(_ file: FileContext) -> [PendingDiagnostic]
}

/// A rule that looks at the facts of the whole project, after every file has been read. On a
/// large project the project rules run at the same time as each other, each on its own thread.
public protocol ProjectRule: Rule {
    /// Returns the project's findings.
    func check(_ project: ProjectContext) -> [Diagnostic]
}
