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
