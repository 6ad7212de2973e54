/// Finds the known name closest to a misspelt one, for "did you mean" messages.
public enum NameSuggestion {
    /// The candidate with the smallest edit distance, if it is close enough to be a likely typo.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let length = name.count
        let allowed = max(2, length / 3)
        // Names whose lengths differ by more than the allowed distance cannot be within it; not
        // measuring them keeps a huge name (a pasted file in a suppression comment) cheap.
        let scored = candidates.filter { abs($0.count - length) <= allowed }.map { ($0, distance(name, $0)) }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
        return best.1 <= allowed ? best.0 : nil
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
