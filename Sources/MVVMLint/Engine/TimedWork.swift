/// What a measured lint run (`mvvm lint --timing`) spent its time on: a phase of the engine
/// that every file goes through, or a rule.
public enum TimedWork: Hashable, Sendable, CustomStringConvertible {
    /// A phase of the engine.
    case phase(Phase)
    /// The rule with this id.
    case rule(String)

    /// The engine's phases, in order: each file's, then the project's.
    public enum Phase: String, Sendable, CaseIterable {
        /// The cheap look at the bytes that refuses a file no parser should see.
        case screen
        /// Parsing.
        case parse
        /// The walk that refuses a tree nested too deeply for the rules.
        case depthCheck = "depth check"
        /// Reducing the tree to the facts the project phase and the cache keep.
        case facts
        /// Resolving every type's role from all files' facts, once per run (wall time, not
        /// summed over workers).
        case projectIndex = "project index"
    }

    /// A phase in parentheses, `(parse)`, so it never reads as a rule's id; a rule by its id.
    public var description: String {
        switch self {
        case .phase(let phase): "(\(phase.rawValue))"
        case .rule(let id): id
        }
    }
}
