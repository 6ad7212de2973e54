import Foundation

/// Matches paths against the globs of `.mvvm.yml`: `*` within one path component, `**` across
/// components, `?` one character; a plain path matches itself and everything below it.
enum PathMatcher {
    static func matches(_ path: String, pattern: String) -> Bool {
        compiledPatterns.value(for: pattern, made: PathPattern.init).matches(normalized(path))
    }

    /// Each pattern compiled the first time it is matched: discovery, `tests` and custom rules'
    /// `paths` match every file (or folder entry) against every pattern.
    private static let compiledPatterns = CompiledPatterns<PathPattern>()

    /// A pattern of `.mvvm.yml`, normalised and compiled.
    private enum PathPattern: Sendable {
        case everything
        /// A plain path, and the same with a `/` after it.
        case plain(String, folder: String)
        case glob(Glob, FolderStates)

        init(_ pattern: String) {
            let pattern = PathMatcher.normalized(pattern)
            if pattern.isEmpty || pattern == "." {
                self = .everything
            } else if !pattern.contains(where: { "*?[".contains($0) }) {
                self = .plain(pattern, folder: pattern + "/")
            } else {
                self = .glob(Glob(pattern), FolderStates())
            }
        }

        func matches(_ path: String) -> Bool {
            switch self {
            case .everything:
                return true
            case .plain(let pattern, let folder):
                return path == pattern || path.hasPrefix(folder)
            // A glob also matches everything below what it matches.
            case .glob(let glob, let folders):
                var wordsRead = 0
                return glob.matchesBelow(path, folders: folders, wordsRead: &wordsRead)
            }
        }
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
        var path = path
        return path.withUTF8 { bytes in
            var previous: UInt8 = UInt8(ascii: "/")
            var beforePrevious: UInt8 = 0
            var isFirst = true
            for byte in bytes {
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
            if isFirst || previous == UInt8(ascii: "/") { return bytes.count == 1 }
            return !(previous == UInt8(ascii: ".") && (beforePrevious == UInt8(ascii: "/") || beforePrevious == 0))
        }
    }

    /// The longest glob `.mvvm.yml` accepts, in characters: far beyond any real pattern, and a
    /// bound on the work each match does.
    static let maximumPatternLength = 4096

    /// Whether `pattern` matches all of `text`, or (with `orBelow`) a prefix of it that ends
    /// before a `/`; see ``Glob``.
    static func glob(_ pattern: String, _ text: String, orBelow: Bool = false) -> Bool {
        Glob(pattern).matches(text, orBelow: orBelow)
    }
}

/// Compiled patterns by their text, shared by every file and thread of a run. It is emptied when
/// it holds more patterns than any configuration has, so a long session does not grow it forever.
final class CompiledPatterns<Value: Sendable>: @unchecked Sendable {
    // Guards `values`: discovery and the rules match patterns on several threads.
    private let lock = NSLock()
    private var values: [String: Value] = [:]
    private let limit = 50_000

    /// The compiled `pattern`, made with `made` the first time.
    func value(for pattern: String, made: (String) -> Value) -> Value {
        if let known = lock.withLock({ values[pattern] }) {
            return known
        }
        let value = made(pattern)
        lock.withLock {
            if values.count >= limit { values.removeAll() }
            values[pattern] = value
        }
        return value
    }
}
