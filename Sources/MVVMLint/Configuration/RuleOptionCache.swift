import Foundation

/// The rule options of one configuration, each read as its rule's type the first time a rule
/// asks: files that share a configuration share one instance, so a list is made a set once per
/// configuration, not once per file. It takes no part in a configuration's equality, hash or
/// encoding, which its settings already decide.
final class RuleOptionCache: Hashable, Codable, @unchecked Sendable {
    private struct Key: Hashable {
        var ruleID: String
        var option: String
        var type: ObjectIdentifier
    }

    // Guards `values`: rules on several worker threads read the same configuration.
    private let lock = NSLock()
    private var values: [Key: any Sendable] = [:]

    init() {}

    /// The value for `option` of `ruleID`, made with `decode` the first time.
    func value<Value>(of option: RuleOption<Value>, ruleID: String, decode: () -> Value) -> Value {
        let key = Key(ruleID: ruleID, option: option.key, type: ObjectIdentifier(Value.self))
        if let known = lock.withLock({ values[key] }) as? Value {
            return known
        }
        let value = decode()
        lock.withLock { values[key] = value }
        return value
    }

    static func == (lhs: RuleOptionCache, rhs: RuleOptionCache) -> Bool { true }

    func hash(into hasher: inout Hasher) {}

    /// Starts empty.
    required init(from decoder: any Decoder) throws {}

    /// Writes nothing: the options it holds are in the configuration's rule settings.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }
}

/// A configuration's ``Preset/Membership``, made the first time a rule asks and shared by the
/// copies of the configuration (every file of a folder); like ``RuleOptionCache`` it takes no
/// part in equality, hash or encoding.
final class PresetMembershipCache: Hashable, Codable, @unchecked Sendable {
    // Guards `made` and `flags`: rules on several worker threads read the same configuration.
    private let lock = NSLock()
    private var made: Preset.Membership?
    /// Which rules of each list run, by the list's identity; the list is held weakly and
    /// checked, so a list made later at a freed list's address is not answered for it.
    private var flags: [ObjectIdentifier: (list: WeakRuleList, enabled: [Bool])] = [:]

    private struct WeakRuleList {
        weak var list: RuleDescriptionList?
    }

    init() {}

    /// The membership of `presets`, made once.
    func membership(_ presets: [Preset]) -> Preset.Membership {
        lock.withLock {
            if let made { return made }
            let membership = Preset.Membership(presets: presets)
            made = membership
            return membership
        }
    }

    /// Which rules of `list` run, from `work` the first time this list is asked about.
    func enabledFlags(of list: RuleDescriptionList, _ work: () -> [Bool]) -> [Bool] {
        let key = ObjectIdentifier(list)
        if let known = lock.withLock({ flags[key] }), known.list.list === list {
            return known.enabled
        }
        let enabled = work()
        lock.withLock { flags[key] = (WeakRuleList(list: list), enabled) }
        return enabled
    }

    static func == (lhs: PresetMembershipCache, rhs: PresetMembershipCache) -> Bool { true }

    func hash(into hasher: inout Hasher) {}

    /// Starts empty.
    required init(from decoder: any Decoder) throws {}

    /// Writes nothing: the presets are in the configuration.
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
