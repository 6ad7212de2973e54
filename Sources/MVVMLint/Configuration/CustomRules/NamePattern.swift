/// Matching of names (types, callees, modules) against the globs custom rules declare. Names have
/// no `/`, so the path glob matcher's bounded, non-backtracking matching applies unchanged.
enum NamePattern {
    /// Whether `name` matches `pattern` whole.
    static func matches(_ name: String, pattern: String) -> Bool {
        if !pattern.contains(where: { "*?[".contains($0) }) {
            return name == pattern
        }
        return PathMatcher.glob(pattern, name)
    }

    /// Whether `name` matches any of `patterns`.
    static func matchesAny(_ name: String, _ patterns: [String]) -> Bool {
        patterns.contains { matches(name, pattern: $0) }
    }
}

/// A name pattern compiled once, for matching many names: a pattern without wildcards is
/// compared as a string; a glob knows how many characters a name needs at least (its literals
/// and `?`s), so a name too short for it is refused without running the glob. Matching a name
/// of n characters then costs at most about n² steps however long the pattern is: 240 patterns
/// `*a*a…a` of 4,096 characters had made a 0.3 s lint take 450 s.
struct CompiledNamePattern: Sendable {
    private let literal: String?
    private let tokens: [GlobToken]
    private let minimumLength: Int

    init(_ pattern: String) {
        if pattern.contains(where: { "*?[".contains($0) }) {
            literal = nil
            tokens = GlobToken.compile(pattern)
            minimumLength = tokens.count(where: { token in
                switch token {
                case .literal, .oneCharacter: true
                case .star, .globstar: false
                }
            })
        } else {
            literal = pattern
            tokens = []
            minimumLength = 0
        }
    }

    /// Whether `name` matches the pattern whole.
    func matches(_ name: String) -> Bool {
        if let literal {
            return name == literal
        }
        // Counting stops as soon as the name is long enough.
        guard minimumLength == 0 || name.dropFirst(minimumLength - 1).isEmpty == false else { return false }
        return PathMatcher.glob(tokens: tokens, name)
    }
}

extension Array where Element == CompiledNamePattern {
    /// The patterns compiled.
    init(compiling patterns: [String]) {
        self = patterns.map(CompiledNamePattern.init)
    }

    /// Whether `name` matches any of the patterns.
    func matchesAny(_ name: String) -> Bool {
        contains { $0.matches(name) }
    }
}
