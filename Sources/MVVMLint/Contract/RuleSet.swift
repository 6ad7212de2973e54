import Foundation

/// The rules one run knows: which run, which ids suppressions and `.mvvm.yml` may name, and
/// what the rule book and SARIF describe. It is made once at the top (the `mvvm` commands use
/// ``builtIn``) and handed to every part that needs it, so a tool built on the library can lint
/// with its own rules beside the built-in ones: `try .builtIn + [MyRule.self]`.
public struct RuleSet: Sendable {
    /// Two rules of a set share an id, so settings and suppressions could not tell them apart.
    public struct DuplicateRuleID: Error, Equatable, CustomStringConvertible, Sendable {
        /// The id more than one rule declares.
        public var id: String

        /// Says which id is declared twice.
        public var description: String {
            "two rules have the id '\(id)'; every rule needs its own"
        }
    }

    /// The rule types, in rule book order.
    public let rules: [any Rule.Type]
    /// The descriptions of the rules, in the same order.
    public let descriptions: [RuleDescription]
    /// Every rule id.
    public let ids: Set<String>
    /// A stable fingerprint of the ids in order, which the facts cache folds into each file's
    /// settings so facts found by one set of rules are never reused by another.
    public let fingerprint: UInt64
    /// Ids of the rules added to a set with ``adding(_:)`` or `+`: a tool's own rules beside the
    /// ones it started from, which configuration errors name as "added in Swift".
    public private(set) var addedIDs: Set<String> = []
    /// The presets `.mvvm.yml` and `--preset` may name without defining them, in rule book
    /// order. Each one's rules are those whose descriptions name it (see ``rules(of:defined:)``);
    /// their parents and added or removed rules are not read, since a preset built on another is
    /// a configuration's to define (`presets:` in `.mvvm.yml`).
    public let presets: [Preset]

    /// Creates a set of `rules`, which must all have different ids, with the presets `presets`.
    public init(_ rules: [any Rule.Type], presets: [Preset] = Preset.builtIn) throws(DuplicateRuleID) {
        let descriptions = rules.map { $0.description }
        var ids: Set<String> = []
        for description in descriptions where !ids.insert(description.id).inserted {
            throw DuplicateRuleID(id: description.id)
        }
        self.rules = rules
        self.descriptions = descriptions
        self.ids = ids
        self.presets = presets
        fingerprint = StableHash.of(descriptions.map(\.id).joined(separator: "\n"))
    }

    /// This set followed by `more`; fails if an id appears twice.
    public func adding(_ more: [any Rule.Type]) throws(DuplicateRuleID) -> RuleSet {
        var set = try RuleSet(rules + more, presets: presets)
        set.addedIDs = addedIDs.union(more.map { $0.description.id })
        return set
    }

    /// The rules of `set` followed by `more`; fails if an id appears twice.
    public static func + (set: RuleSet, more: [any Rule.Type]) throws(DuplicateRuleID) -> RuleSet {
        try set.adding(more)
    }

    /// The descriptions of the rules the preset `id` switches on, in rule book order, with the
    /// presets a configuration defines in `defined`.
    public func rules(of id: Preset.ID, defined: [Preset] = []) -> [RuleDescription] {
        rules(of: id, membership: Preset.Membership(presets: defined))
    }

    /// The descriptions of the rules the preset `id` switches on, in rule book order, asking
    /// `membership`: one membership for many presets answers each rule of a chain once.
    public func rules(of id: Preset.ID, membership: Preset.Membership) -> [RuleDescription] {
        descriptions.filter { membership.includes($0, in: id) }
    }
}

extension ConfigurationLoader {
    /// Creates a loader that validates rule settings against the rules of `rules`, and preset
    /// names against its presets and those a configuration defines; `runningTool` is the name
    /// of the executable reading, compared with a configuration's `tool:`.
    public init(rules: RuleSet, runningTool: String? = nil) {
        self.init(rules: rules.descriptions, addedIDs: rules.addedIDs, presets: rules.presets, runningTool: runningTool)
    }
}

extension LintCache {
    /// Opens the cache at `url` for the tool identity `tool` (version and build) and the rules
    /// `rules` (the linter's: facts stored under other rules are not reused): an unreadable,
    /// corrupt or foreign cache starts empty.
    public convenience init(url: URL, tool: String, rules: RuleSet) {
        self.init(url: url, tool: tool, rulesFingerprint: rules.fingerprint)
    }
}
