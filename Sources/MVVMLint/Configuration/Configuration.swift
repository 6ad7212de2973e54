/// Which observation mechanism view models must use.
public enum ObservationMode: String, Codable, Sendable, CaseIterable {
    /// `@Observable` (the default).
    case observable
    /// `ObservableObject` with `@Published`.
    case observableObject = "observable-object"
    /// Either one.
    case either
}

/// What `.mvvm.yml` says about one rule.
public struct RuleSetting: Hashable, Codable, Sendable {
    /// `nil` follows the preset.
    public var enabled: Bool?
    /// `nil` keeps the rule's default.
    public var severity: Severity?
    /// Rule-specific options.
    public var options: [String: OptionValue] = [:]

    /// Creates a setting.
    public init(enabled: Bool? = nil, severity: Severity? = nil, options: [String: OptionValue] = [:]) {
        self.enabled = enabled
        self.severity = severity
        self.options = options
    }
}

/// The linter's settings, from `.mvvm.yml` or the built-in defaults.
public struct Configuration: Hashable, Codable, Sendable {
    /// The preset whose rules run: a built-in one, or one of ``presets``.
    public var preset: Preset.ID = .triad {
        didSet { memo = ConfigurationMemo() }
    }
    /// The presets this configuration, and those it is nested in, define (`presets:`).
    public var presets: [Preset] = [] {
        didSet { memo = ConfigurationMemo() }
    }
    /// Paths and globs to lint, relative to ``rootDirectory``; empty means everything.
    public var included: [String] = []
    /// Paths and globs to skip, relative to ``rootDirectory``.
    public var excluded: [String] = []
    /// Where tests live, relative to ``rootDirectory``; files importing XCTest or Testing count too.
    public var tests: [String] = ["Tests"]
    /// The observation mechanism view models must use.
    public var observation: ObservationMode = .observable
    /// `nil` detects it from a `Package.swift` above the linted files.
    public var defaultIsolation: DefaultIsolation?
    /// Per-rule settings by id.
    public var rules: [String: RuleSetting] = [:] {
        didSet { memo = ConfigurationMemo() }
    }
    /// The team's own rules from `custom-rules:`.
    public var customRules: [CustomRule] = []
    /// The module layer rules from `layers:`.
    public var layers: [LayerRule] = []
    /// The comment `mvvm new` puts at the top of every file it writes.
    public var header: String?
    /// The folder the paths above are relative to: the config file's folder.
    public var rootDirectory: String = "."
    /// The executable that runs this configuration's whole rule set (`tool:`): a team's own
    /// `mvvm` with rules written in Swift. The plugins run it; `nil` means `mvvm` itself.
    public var tool: String?
    /// Whether the tool reading this configuration is not ``tool``: rule ids it does not know,
    /// in settings and in suppression comments, then belong to ``tool`` rather than being
    /// mistakes, and the rules it knows still run.
    public internal(set) var isPartialRun = false
    /// Rule ids the configuration sets that the running tool does not know, left to the tool
    /// that does (``tool``, or a team's tool the configuration does not name yet); their
    /// settings are not read.
    public internal(set) var rulesLeftToTool: Set<String> = []
    /// Rule options read as their rules' types, which rules the presets include and which of a
    /// rule list run, worked out once per configuration (a chain of thousands of presets is
    /// walked once, not once per file and rule) and shared by its copies (every file of a
    /// folder); made anew when ``preset``, ``presets`` or ``rules`` change.
    private var memo = ConfigurationMemo()

    /// The built-in defaults.
    public init() {}

    /// Whether the rule runs: an explicit on/off wins, else the preset decides.
    public func isEnabled(_ rule: RuleDescription) -> Bool {
        rules[rule.id]?.enabled ?? memo.value(.presetMembership) { Preset.Membership(presets: presets) }.includes(rule, in: preset)
    }

    /// ``isEnabled(_:)`` for each rule of `list`, in its order: worked out once per
    /// configuration and list, and shared by every file with these settings.
    func enabledFlags(of list: RuleDescriptionList) -> [Bool] {
        memo.value(.enabledRules(ObjectIdentifier(list)), isCurrent: { $0.list === list }) {
            EnabledRules(list: list, flags: list.descriptions.map(isEnabled))
        }.flags
    }

    /// The chosen preset followed by the presets it extends, nearest first.
    public var presetLineage: [Preset.ID] {
        Preset.lineage(of: preset, presets: presets)
    }

    /// The value of a rule's option: what `.mvvm.yml` set under `ruleID`, else the option's
    /// default. It is read once per configuration and rule, then shared by every file.
    public func option<Value>(_ option: RuleOption<Value>, of ruleID: String) -> Value {
        memo.value(.option(ruleID: ruleID, option: option.key, type: ObjectIdentifier(Value.self))) {
            rules[ruleID]?.options[option.key].flatMap(Value.init(optionValue:)) ?? option.defaultValue
        }
    }

    /// The rule's severity after configuration.
    public func severity(of rule: RuleDescription) -> Severity {
        rules[rule.id]?.severity ?? rule.defaultSeverity
    }

    /// A list option of a rule, or `fallback` when not configured. A ``RuleOption`` read with
    /// ``option(_:of:)`` states the key, type and default once.
    public func strings(_ key: String, of ruleID: String, default fallback: [String]) -> [String] {
        switch rules[ruleID]?.options[key] {
        case .strings(let values): values
        case .string(let value): [value]
        default: fallback
        }
    }

    /// A text option of a rule, or `fallback` when not configured.
    public func string(_ key: String, of ruleID: String, default fallback: String) -> String {
        if case .string(let value) = rules[ruleID]?.options[key] { return value }
        return fallback
    }
}
