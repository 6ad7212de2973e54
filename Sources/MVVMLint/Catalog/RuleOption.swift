/// One option of a rule, declared once: its key under the rule's id in `.mvvm.yml`, the type of
/// its value, its default and what it does. The rule lists it in its description's `options`
/// (so the loader checks the type and the rule book prints it) and reads it by the same value:
///
/// ```swift
/// static let suffixes = RuleOption("suffixes", default: ["Service", "Client"],
///                                  summary: "Type-name suffixes that mark a service.")
/// // in its description: options: [suffixes]
/// // in check(_:):       let suffixes = file.configuration.option(Self.suffixes, of: Self.description.id)
/// ```
public struct RuleOption<Value: RuleOptionValue>: RuleOptionDeclaration {
    /// The key under the rule's id.
    public let key: String
    /// The value when `.mvvm.yml` does not set one.
    public let defaultValue: Value
    /// What the option does (the rule book adds the type and the default).
    public let summary: String

    /// Declares the option `key` with its default and what it does.
    public init(_ key: String, default defaultValue: Value, summary: String) {
        self.key = key
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// The option as the loader and the rule book see it.
    public var documentation: RuleOptionDescription {
        RuleOptionDescription(key: key, kind: Value.optionKind, summary: summary, defaultValue: defaultValue.optionValue)
    }
}

/// A type a ``RuleOption`` can hold: it says which YAML values it takes and reads itself from
/// one. Lists of strings, sets of strings, strings, booleans and integers are built in, and a
/// `String`-backed `CaseIterable` enum becomes a choice by declaring the conformance.
public protocol RuleOptionValue: Sendable, Hashable {
    /// The kind of value `.mvvm.yml` must give; the loader rejects another with its line.
    static var optionKind: RuleOptionDescription.Kind { get }
    /// Reads a value the loader accepted for ``optionKind``; `nil` for one of another shape.
    init?(optionValue: OptionValue)
    /// The value as `.mvvm.yml` would write it.
    var optionValue: OptionValue { get }
}

extension Array: RuleOptionValue where Element == String {
    /// A list of names.
    public static var optionKind: RuleOptionDescription.Kind { .strings }

    /// A list, or one name as a list of one.
    public init?(optionValue: OptionValue) {
        switch optionValue {
        case .strings(let values): self = values
        case .string(let value): self = [value]
        default: return nil
        }
    }

    /// The list.
    public var optionValue: OptionValue { .strings(self) }
}

extension Set: RuleOptionValue where Element == String {
    /// A list of names.
    public static var optionKind: RuleOptionDescription.Kind { .strings }

    /// The names of a list, or one name.
    public init?(optionValue: OptionValue) {
        guard let values = [String](optionValue: optionValue) else { return nil }
        self = Set(values)
    }

    /// The names in order, so the rule book and fingerprints are stable.
    public var optionValue: OptionValue { .strings(sorted()) }
}

extension String: RuleOptionValue {
    /// One name.
    public static var optionKind: RuleOptionDescription.Kind { .string }

    /// The name.
    public init?(optionValue: OptionValue) {
        guard case .string(let value) = optionValue else { return nil }
        self = value
    }

    /// The name.
    public var optionValue: OptionValue { .string(self) }
}

extension Bool: RuleOptionValue {
    /// `true` or `false`.
    public static var optionKind: RuleOptionDescription.Kind { .bool }

    /// The flag.
    public init?(optionValue: OptionValue) {
        guard case .bool(let value) = optionValue else { return nil }
        self = value
    }

    /// The flag.
    public var optionValue: OptionValue { .bool(self) }
}

extension Int: RuleOptionValue {
    /// A whole number.
    public static var optionKind: RuleOptionDescription.Kind { .integer }

    /// The number.
    public init?(optionValue: OptionValue) {
        guard case .integer(let value) = optionValue else { return nil }
        self = value
    }

    /// The number.
    public var optionValue: OptionValue { .integer(self) }
}

extension RuleOptionValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    /// One of the enum's raw values.
    public static var optionKind: RuleOptionDescription.Kind { .choice(allCases.map(\.rawValue)) }

    /// The case named by the value.
    public init?(optionValue: OptionValue) {
        guard case .string(let name) = optionValue else { return nil }
        self.init(rawValue: name)
    }

    /// The case's name.
    public var optionValue: OptionValue { .string(rawValue) }
}
