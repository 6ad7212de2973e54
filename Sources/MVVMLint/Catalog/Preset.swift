import Foundation

/// A named set of rules a project follows, as data: the built-in `triad` and `responder` styles,
/// or a team's own preset from `.mvvm.yml`, which extends another and adds or removes rules.
///
/// A built-in preset lists no rules itself: each rule names the presets it belongs to in its
/// own ``RuleDescription/presets``, so adding a rule stays "write its file". A preset with a
/// ``parent`` starts from the parent's rules, then switches on ``addedRules`` and off
/// ``removedRules``.
public struct Preset: Sendable, Hashable, Codable, Identifiable {
    /// The name of a preset, as `.mvvm.yml`, `--preset` and rule descriptions write it.
    public struct ID: RawRepresentable, Hashable, Comparable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The name.
        public var rawValue: String

        /// Creates the id `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Creates the id written as a literal.
        public init(stringLiteral value: String) {
            rawValue = value
        }

        /// Encoded as its name alone, so settings hash and read as plain text.
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        /// Encodes the name alone.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// The name.
        public var description: String { rawValue }

        /// Orders by name.
        public static func < (lhs: ID, rhs: ID) -> Bool {
            lhs.rawValue < rhs.rawValue
        }

        /// The triad style's id.
        public static let triad: ID = "triad"
        /// The responder style's id.
        public static let responder: ID = "responder"
    }

    /// The preset's name.
    public var id: ID
    /// One line: what a project that picks it follows.
    public var summary: String
    /// The preset it starts from, if any.
    public var parent: ID?
    /// Rule ids it switches on beyond its parent's rules.
    public var addedRules: [String]
    /// Rule ids of its parent's that it switches off.
    public var removedRules: [String]

    /// Creates a preset.
    public init(id: ID, summary: String, parent: ID? = nil, addedRules: [String] = [], removedRules: [String] = []) {
        self.id = id
        self.summary = summary
        self.parent = parent
        self.addedRules = addedRules
        self.removedRules = removedRules
    }

    /// View, `*ViewModeling` protocol, view model (the DevConfiguration architecture notes and the triad write-up).
    public static let triad = Preset(
        id: .triad,
        summary: "View, `*ViewModeling` protocol and view model (the DevConfiguration architecture notes and the triad write-up)."
    )

    /// `send(_:)`, `Action`, `Responder` (the responder rule book).
    public static let responder = Preset(
        id: .responder,
        summary: "A view sends actions to its view model, which answers through a `Responder` (the responder rule book)."
    )

    /// The presets the linter ships, in rule book order.
    public static let builtIn: [Preset] = [.triad, .responder]

    /// Whether the preset `id` includes `rule`, looking presets up in `presets`: walking up the
    /// parents, the nearest preset that adds or removes the rule decides; at the top of the
    /// chain, the rule's own membership does. The walk is bounded by the number of presets, so a
    /// cycle built in code (`.mvvm.yml` rejects them) cannot hang it.
    public static func includes(_ rule: RuleDescription, in id: ID, presets: [Preset]) -> Bool {
        Membership(presets: presets).includes(rule, in: id)
    }

    /// The preset `id` followed by its ancestors in `presets`, nearest first, without repeats.
    public static func lineage(of id: ID, presets: [Preset]) -> [ID] {
        // Looked up by id and checked against a set: a chain of thousands stays linear.
        let byID = Dictionary(presets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var chain = [id]
        var seen: Set<ID> = [id]
        while let parent = byID[chain[chain.count - 1]]?.parent, seen.insert(parent).inserted {
            chain.append(parent)
        }
        return chain
    }

    /// Answers ``Preset/includes(_:in:presets:)`` for many presets and rules of one set of
    /// presets, remembering each answer: every preset on a walked chain gets the answer of the
    /// preset that decided it, so a chain of n presets costs O(n) per rule however many of its
    /// presets are asked about (asking each preset of a chain of 2,000 took 160 s before). Safe
    /// to share between threads.
    public final class Membership: @unchecked Sendable {
        private struct Key: Hashable {
            var preset: ID
            var rule: String
        }

        private let byID: [ID: Preset]
        // Guards `answers`: rules on several worker threads ask the same configuration.
        private let lock = NSLock()
        private var answers: [Key: Bool] = [:]

        /// Looks presets up in `presets` (the first of an id wins).
        public init(presets: [Preset]) {
            byID = Dictionary(presets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }

        /// Whether the preset `id` includes `rule`.
        public func includes(_ rule: RuleDescription, in id: ID) -> Bool {
            if let known = lock.withLock({ answers[Key(preset: id, rule: rule.id)] }) {
                return known
            }
            var walked: [ID] = []
            var seen: Set<ID> = []
            var current = id
            var answer: Bool
            while true {
                if let known = lock.withLock({ answers[Key(preset: current, rule: rule.id)] }) {
                    answer = known
                    break
                }
                guard let preset = byID[current] else {
                    answer = rule.presets.contains(current)
                    break
                }
                if preset.removedRules.contains(rule.id) { answer = false; break }
                if preset.addedRules.contains(rule.id) { answer = true; break }
                walked.append(current)
                seen.insert(current)
                guard let parent = preset.parent else {
                    answer = rule.presets.contains(current)
                    break
                }
                guard !seen.contains(parent) else {
                    // A cycle built in code (`.mvvm.yml` rejects them) that decides nothing:
                    // not included, and not remembered, since another start on it may differ.
                    return false
                }
                current = parent
            }
            lock.withLock {
                for preset in walked {
                    answers[Key(preset: preset, rule: rule.id)] = answer
                }
            }
            return answer
        }
    }
}

extension Set where Element == Preset.ID {
    /// Both built-in presets: a rule every project follows, whatever its style.
    public static var common: Set<Preset.ID> { [.triad, .responder] }
}
