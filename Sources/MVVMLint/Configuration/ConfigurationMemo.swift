import Foundation

/// What a configuration works out from its settings the first time a rule asks (a rule's
/// options read as their types, the presets' membership, which rules of a list run), shared by
/// the copies of the configuration: every file of a folder. It takes no part in a
/// configuration's equality, hash or encoding, which the settings already decide.
final class ConfigurationMemo: Hashable, Codable, @unchecked Sendable {
    /// What is remembered.
    enum Key: Hashable {
        /// A rule's option, read as `type`.
        case option(ruleID: String, option: String, type: ObjectIdentifier)
        /// Which rules the presets include.
        case presetMembership
        /// Which rules of a rule list run, by the list's identity.
        case enabledRules(ObjectIdentifier)
    }

    // Guards `values`: rules on several worker threads read the same configuration.
    private let lock = NSLock()
    private var values: [Key: any Sendable] = [:]

    init() {}

    /// The value under `key`, made with `make` the first time, or again when `isCurrent`
    /// refuses the one kept.
    func value<Value: Sendable>(_ key: Key, isCurrent: (Value) -> Bool = { _ in true }, make: () -> Value) -> Value {
        if let known = lock.withLock({ values[key] }) as? Value, isCurrent(known) {
            return known
        }
        let value = make()
        lock.withLock { values[key] = value }
        return value
    }

    static func == (lhs: ConfigurationMemo, rhs: ConfigurationMemo) -> Bool { true }

    func hash(into hasher: inout Hasher) {}

    /// Starts empty.
    required init(from decoder: any Decoder) throws {}

    /// Writes nothing: what it holds follows from the configuration's settings.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}

/// The descriptions of a linter's rules, made once: its identity lets a configuration keep
/// which of them run.
final class RuleDescriptionList: Sendable {
    let descriptions: [RuleDescription]

    init(_ descriptions: [RuleDescription]) {
        self.descriptions = descriptions
    }
}

/// Which rules of a list run, with the list held weakly: a list made later at a freed list's
/// address is not answered for it.
struct EnabledRules: Sendable {
    weak var list: RuleDescriptionList?
    var flags: [Bool]
}
