/// Which observation mechanism view models must use.
public enum ObservationMode: String, Codable, Sendable, CaseIterable {
    /// `@Observable` (the default).
    case observable
    /// `ObservableObject` with `@Published`.
    case observableObject = "observable-object"
    /// Either one.
    case either
}

/// A value of a rule option in `.mvvm.yml`.
public enum OptionValue: Hashable, Codable, Sendable {
    case string(String)
    case strings([String])
    case bool(Bool)
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
    /// The style whose rules run.
    public var preset: Preset = .triad
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
    public var rules: [String: RuleSetting] = [:]
    /// The team's own rules from `custom-rules:`.
    public var customRules: [CustomRule] = []
    /// The module layer rules from `layers:`.
    public var layers: [LayerRule] = []
    /// The comment `mvvm new` puts at the top of every file it writes.
    public var header: String?
    /// The folder the paths above are relative to: the config file's folder.
    public var rootDirectory: String = "."

    /// The built-in defaults.
    public init() {}

    /// Whether the rule runs: an explicit on/off wins, else the preset decides.
    public func isEnabled(_ rule: RuleDescription) -> Bool {
        rules[rule.id]?.enabled ?? rule.presets.contains(preset)
    }

    /// The rule's severity after configuration.
    public func severity(of rule: RuleDescription) -> Severity {
        rules[rule.id]?.severity ?? rule.defaultSeverity
    }

    /// A list option of a rule, or `fallback` when not configured.
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
