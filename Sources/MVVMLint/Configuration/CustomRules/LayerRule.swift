/// A module layer rule, declared under `layers:` in `.mvvm.yml`: modules whose names match
/// ``modules`` may not import modules whose names match ``forbiddenImports``.
public struct LayerRule: Hashable, Codable, Sendable {
    /// The rule's id, in kebab case; suppressions and reports name it.
    public var id: String
    /// What a finding says; `nil` words one from the rule.
    public var message: String?
    /// What to do instead, when given.
    public var hint: String?
    /// How serious a finding is.
    public var severity: Severity
    /// Globs of the importing modules the rule applies to.
    public var modules: [String]
    /// Globs of the modules they may not import.
    public var forbiddenImports: [String]

    /// Creates a rule.
    public init(
        id: String, message: String? = nil, hint: String? = nil, severity: Severity = .warning, modules: [String],
        forbiddenImports: [String]
    ) {
        self.id = id
        self.message = message
        self.hint = hint
        self.severity = severity
        self.modules = modules
        self.forbiddenImports = forbiddenImports
    }
}
