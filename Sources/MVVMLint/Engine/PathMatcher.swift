/// Matches paths against the globs of `.mvvm.yml`: `*` within one path component, `**` across
/// components, `?` one character; a plain path matches itself and everything below it.
enum PathMatcher {
    static func matches(_ path: String, pattern: String) -> Bool {
        let path = normalized(path)
        let pattern = normalized(pattern)
        if pattern.isEmpty || pattern == "." {
            return true
        }
        if !pattern.contains(where: { "*?[".contains($0) }) {
            return path == pattern || path.hasPrefix(pattern + "/")
        }
        // A glob also matches everything below what it matches.
        return glob(Array(pattern), Array(path)) || glob(Array(pattern + "/**"), Array(path))
    }

    /// `path` relative to `root` when it lies below it, else unchanged.
    static func relative(_ path: String, to root: String) -> String {
        let path = normalized(path)
        let root = normalized(root)
        if root.isEmpty || root == "." {
            return path
        }
        if path.hasPrefix(root + "/") {
            return String(path.dropFirst(root.count + 1))
        }
        return path
    }

    static func normalized(_ path: String) -> String {
        // Most paths are already clean; checking that is much cheaper than splitting them.
        if isNormalized(path) {
            return path
        }
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
            components.append(component)
        }
        return (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/")
    }

    /// No empty or `.` components and no trailing `/`.
    private static func isNormalized(_ path: String) -> Bool {
        var previous: UInt8 = UInt8(ascii: "/")
        var beforePrevious: UInt8 = 0
        var isFirst = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                // "//" or "/./" (or a leading "./")
                if (previous == UInt8(ascii: "/") && !isFirst) || (previous == UInt8(ascii: ".") && (beforePrevious == UInt8(ascii: "/") || beforePrevious == 0)) {
                    return false
                }
            }
            beforePrevious = isFirst ? 0 : previous
            previous = byte
            isFirst = false
        }
        // Empty, ".", trailing "/" or trailing "/."
        if isFirst || previous == UInt8(ascii: "/") { return path == "/" }
        return !(previous == UInt8(ascii: ".") && (beforePrevious == UInt8(ascii: "/") || beforePrevious == 0))
    }

    private static func glob(_ pattern: [Character], _ text: [Character]) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ p: Int, _ t: Int) -> Bool {
            let key = p * (text.count + 1) + t
            if let known = memo[key] { return known }
            let result: Bool
            if p == pattern.count {
                result = t == text.count
            } else if pattern[p] == "*" {
                if p + 1 < pattern.count, pattern[p + 1] == "*" {
                    // `**/` may also match nothing.
                    var next = p + 2
                    if next < pattern.count, pattern[next] == "/" { next += 1 }
                    result = match(next, t) || (t < text.count && match(p, t + 1))
                } else {
                    result = match(p + 1, t) || (t < text.count && text[t] != "/" && match(p, t + 1))
                }
            } else if t < text.count, pattern[p] == "?" ? text[t] != "/" : pattern[p] == text[t] {
                result = match(p + 1, t + 1)
            } else {
                result = false
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }
}
