/// A check of the architecture. Each rule is a small type in its own file, with its
/// ``RuleDescription`` (documentation and executable examples) beside its logic.
public protocol Rule: Sendable {
    /// The rule book entry and examples.
    static var description: RuleDescription { get }
    /// Creates the rule.
    init()

    /// This rule as a ``FileRule``, if it is one. ``FileRule`` provides it; a rule does not
    /// implement it. It spares the linter a run-time cast (`rule as? any FileRule`), which looks
    /// the conformance up in every conformance of the program: for thirty rules, a fifth of the
    /// work of linting a small module.
    var asFileRule: (any FileRule)? { get }
    /// This rule as a ``ProjectRule``, if it is one. ``ProjectRule`` provides it; a rule does not
    /// implement it.
    var asProjectRule: (any ProjectRule)? { get }
}

extension Rule {
    /// `nil`: a rule that is not a ``FileRule``.
    public var asFileRule: (any FileRule)? { nil }
    /// `nil`: a rule that is not a ``ProjectRule``.
    public var asProjectRule: (any ProjectRule)? { nil }
}

/// A rule that looks at one file's syntax tree. It runs while the tree exists; findings that
/// depend on other files (is this class a view model?) carry ``RoleCondition``s.
public protocol FileRule: Rule {
    /// Returns the file's findings.
    func check(_ file: FileContext) -> [PendingDiagnostic]
}

extension FileRule {
    /// The rule itself.
    public var asFileRule: (any FileRule)? { self }
}

/// A rule that looks at the facts of the whole project, after every file has been read. On a
/// large project the project rules run at the same time as each other, each on its own thread.
public protocol ProjectRule: Rule {
    /// Returns the project's findings.
    func check(_ project: ProjectContext) -> [Diagnostic]
}

extension ProjectRule {
    /// The rule itself.
    public var asProjectRule: (any ProjectRule)? { self }
}

/// A built-in project rule that reads test files' words (``FileFacts/testReferences``), and
/// says which it may look up: the project phase keeps only those. Built-in project rules that do
/// not conform read none; a rule from outside the built-in set may read any, so none are cut
/// when one runs.
protocol TestWordReader: ProjectRule {
    /// Every word the rule may look up in a test file's words, given the facts of all files. It
    /// is asked before the test files' own facts are read back, so it must read only the files
    /// that are not tests: a test file may appear with its path alone.
    static func wordsAsked(in files: [FileFacts]) -> Set<String>
}
