/// Matching of names (types, callees, modules) against the globs custom rules declare. Names have
/// no `/`, so the path glob matcher's bounded, non-backtracking matching applies unchanged.
enum NamePattern {
    /// Whether `name` matches `pattern` whole.
    static func matches(_ name: String, pattern: String) -> Bool {
        CompiledNamePattern.compiled(pattern).matches(name)
    }

    /// Whether `name` matches any of `patterns`.
    static func matchesAny(_ name: String, _ patterns: [String]) -> Bool {
        patterns.contains { matches(name, pattern: $0) }
    }
}

/// A name pattern compiled once, for matching many names: a pattern without wildcards is
/// compared as a string; a glob is a ``Glob``, which refuses a name too short for its literals
/// and `?`s unread. 240 patterns `*a*a…a` of 4,096 characters had made a 0.3 s lint take 450 s.
struct CompiledNamePattern: Sendable {
    private let literal: String?
    private let glob: Glob?
    /// Text every name it matches holds, for the test that skips files which cannot match:
    /// the pattern's longest run without wildcards or dots, cut to its first 64 bytes. The
    /// search for it then costs at most the file's length times 64, however long the run.
    let requiredText: String

    init(_ pattern: String) {
        if pattern.contains(where: { "*?[".contains($0) }) {
            literal = nil
            glob = Glob(pattern)
        } else {
            literal = pattern
            glob = nil
        }
        requiredText = Self.requiredText(of: pattern)
    }

    /// Every pattern of every rule, compiled the first time a file meets it.
    private static let cache = CompiledPatterns<CompiledNamePattern>()

    /// `pattern` compiled, once per run.
    static func compiled(_ pattern: String) -> CompiledNamePattern {
        cache.value(for: pattern, made: CompiledNamePattern.init)
    }

    /// Whether `name` matches the pattern whole.
    func matches(_ name: String) -> Bool {
        if let literal {
            return name == literal
        }
        return glob?.matches(name) ?? false
    }

    /// The longest run of `pattern` without `*`, `?` or `.` (the first of the longest, in
    /// characters; a member pattern such as `.shared` has its dots where the written access may
    /// not), cut to at most 64 bytes on a character boundary: a part of text a name holds is in
    /// the file whenever the whole is.
    static func requiredText(of pattern: String) -> String {
        var longest: (start: String.Index, count: Int) = (pattern.startIndex, 0)
        var current: (start: String.Index, count: Int) = (pattern.startIndex, 0)
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let next = pattern.index(after: index)
            if "*?.".contains(pattern[index]) {
                current = (next, 0)
            } else {
                current.count += 1
                if current.count > longest.count { longest = current }
            }
            index = next
        }
        var end = longest.start, taken = 0
        while taken < longest.count {
            let next = pattern.index(after: end)
            guard pattern.utf8.distance(from: longest.start, to: next) <= 64 else { break }
            end = next
            taken += 1
        }
        return String(pattern[longest.start..<end])
    }
}

extension Array where Element == CompiledNamePattern {
    /// The patterns compiled, each once per run.
    init(compiling patterns: [String]) {
        self = patterns.map(CompiledNamePattern.compiled)
    }

    /// Whether `name` matches any of the patterns.
    func matchesAny(_ name: String) -> Bool {
        contains { $0.matches(name) }
    }
}
