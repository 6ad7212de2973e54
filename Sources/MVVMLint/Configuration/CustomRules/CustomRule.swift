/// A team's own architecture rule, declared under `custom-rules:` in `.mvvm.yml`: what it
/// forbids, where, and what it says when it finds it.
public struct CustomRule: Hashable, Codable, Sendable {
    /// The rule's id, in kebab case; suppressions and reports name it.
    public var id: String
    /// What a finding says.
    public var message: String
    /// What to do instead, when given.
    public var hint: String?
    /// How serious a finding is.
    public var severity: Severity
    /// The roles of the code it applies to; empty means any code.
    public var roles: [CustomRuleRole]
    /// Path globs, relative to the configuration's folder, of the files it applies to; empty
    /// means every file.
    public var paths: [String]
    /// Globs of the modules it applies to; empty means every module.
    public var modules: [String]
    /// What it forbids.
    public var forbidden: ForbiddenSyntax

    /// Creates a rule.
    public init(
        id: String, message: String, hint: String? = nil, severity: Severity = .warning, roles: [CustomRuleRole] = [],
        paths: [String] = [], modules: [String] = [], forbidden: ForbiddenSyntax
    ) {
        self.id = id
        self.message = message
        self.hint = hint
        self.severity = severity
        self.roles = roles
        self.paths = paths
        self.modules = modules
        self.forbidden = forbidden
    }
}

/// The code a custom rule forbids, as name globs (`*` any run of characters, `?` one).
public struct ForbiddenSyntax: Hashable, Codable, Sendable {
    /// Type names, matched on every written reference to a type (`*Repository`).
    public var types: [String] = []
    /// Called functions, by the written callee (`print`, `URLSession.shared.dataTask`).
    public var calls: [String] = []
    /// Member accesses, by their written text (`UserDefaults.standard`, `*.shared`).
    public var members: [String] = []
    /// Attribute names, without the `@` (`Published`).
    public var attributes: [String] = []
    /// Imported modules (`Combine`).
    public var imports: [String] = []

    /// Creates an empty set; a rule needs at least one kind filled in.
    public init(types: [String] = [], calls: [String] = [], members: [String] = [], attributes: [String] = [], imports: [String] = []) {
        self.types = types
        self.calls = calls
        self.members = members
        self.attributes = attributes
        self.imports = imports
    }

    /// Whether nothing is forbidden.
    public var isEmpty: Bool {
        types.isEmpty && calls.isEmpty && members.isEmpty && attributes.isEmpty && imports.isEmpty
    }
}
