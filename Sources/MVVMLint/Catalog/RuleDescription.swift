/// A piece of code that documents and tests a rule: the rule must report exactly at the `↓`
/// markers of a triggering example, and nothing for a non-triggering one.
public struct RuleExample: Sendable, Hashable {
    /// The code of the main file, with a `↓` before each place a diagnostic must point to.
    public var code: String
    /// Other files of the example project, by path (a test file, a base class elsewhere).
    public var extraFiles: [String: String]
    /// `.mvvm.yml` text applied on top of the rule's preset.
    public var configuration: String?
    /// The main file's path.
    public var path: String
    /// For a triggering example of a rule that can fix: the main file after `--fix`.
    public var fixed: String?
    /// For a triggering example whose fix spans files: each extra file the fix changes, by
    /// path, as it is after `--fix`. An extra file not named here must stay as it is.
    public var fixedExtraFiles: [String: String]
    /// For a triggering example of a rule that can fix, where the fix is not safe: the reason a
    /// finding at a marker carries instead (``Diagnostic/unfixedReason``).
    public var unfixedReason: String?

    /// Creates an example.
    public init(
        _ code: String,
        path: String = "Sources/App/Example.swift",
        extraFiles: [String: String] = [:],
        configuration: String? = nil,
        fixed: String? = nil,
        fixedExtraFiles: [String: String] = [:],
        unfixedReason: String? = nil
    ) {
        self.code = code
        self.path = path
        self.extraFiles = extraFiles
        self.configuration = configuration
        self.fixed = fixed
        self.fixedExtraFiles = fixedExtraFiles
        self.unfixedReason = unfixedReason
    }
}

/// Everything about a rule except its logic: the rule book entry and the examples that test it.
public struct RuleDescription: Sendable, Hashable {
    /// The stable kebab-case id.
    public var id: String
    /// One line: what the rule checks.
    public var summary: String
    /// Why, naming the source document it comes from.
    public var rationale: String
    /// The presets the rule belongs to: a built-in preset's rules are those that name it here.
    public var presets: Set<Preset.ID>
    /// The severity without configuration.
    public var defaultSeverity: Severity
    /// Whether `--fix` can correct it.
    public var isFixable: Bool
    /// Options `.mvvm.yml` may set, each described by its declaration (a ``RuleOption``).
    public var options: [RuleOptionDescription]
    /// Code the rule must report, at the markers.
    public var triggering: [RuleExample]
    /// Code the rule must leave alone.
    public var nonTriggering: [RuleExample]

    /// Creates a description.
    public init(
        id: String, summary: String, rationale: String, presets: Set<Preset.ID>,
        defaultSeverity: Severity, isFixable: Bool = false, options: [any RuleOptionDeclaration] = [],
        triggering: [RuleExample], nonTriggering: [RuleExample]
    ) {
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.presets = presets
        self.defaultSeverity = defaultSeverity
        self.isFixable = isFixable
        self.options = options.map(\.documentation)
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }

    /// The group the rule book lists it under: "common" for a rule of every built-in preset.
    public var group: String {
        if presets.isSuperset(of: Preset.builtIn.map(\.id)) { return "common" }
        return presets.map(\.rawValue).sorted().joined(separator: ", ")
    }
}
