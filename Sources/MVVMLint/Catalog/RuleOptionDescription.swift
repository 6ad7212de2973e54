/// A rule option that `.mvvm.yml` may set, as the configuration loader and the rule book see it:
/// its key, the kind of value it takes, what it does and its default. A rule declares an option
/// with ``RuleOption``, whose ``RuleOption/documentation`` is this description.
public struct RuleOptionDescription: Sendable, Hashable {
    /// The kinds of values an option takes.
    public enum Kind: Sendable, Hashable {
        /// A list of names (one name is read as a list of one).
        case strings
        /// One of a fixed set of names.
        case choice([String])
        /// One name.
        case string
        /// `true` or `false`.
        case bool
        /// A whole number.
        case integer

        /// The kind as the rule book and type errors write it.
        public var text: String {
            switch self {
            case .strings: "list of strings"
            case .choice(let names): "one of " + names.joined(separator: ", ")
            case .string: "string"
            case .bool: "true or false"
            case .integer: "integer"
            }
        }
    }

    /// The key under the rule's id.
    public var key: String
    /// Its kind.
    public var kind: Kind
    /// What it does.
    public var summary: String
    /// The value the rule uses when `.mvvm.yml` does not set one; `nil` when the summary states it.
    public var defaultValue: OptionValue?

    /// Creates an option description.
    public init(key: String, kind: Kind, summary: String, defaultValue: OptionValue? = nil) {
        self.key = key
        self.kind = kind
        self.summary = summary
        self.defaultValue = defaultValue
    }
}

/// Something a ``RuleDescription`` lists among its options: a ``RuleOption`` declaration, or a
/// bare ``RuleOptionDescription``.
public protocol RuleOptionDeclaration: Sendable {
    /// What the loader checks and the rule book prints.
    var documentation: RuleOptionDescription { get }
}

extension RuleOptionDescription: RuleOptionDeclaration {
    /// The description itself.
    public var documentation: RuleOptionDescription { self }
}
