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
        return glob(pattern, path, orBelow: true)
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
    /// before a `/`. Runs the pattern as a set of positions over the text, once, left to right:
    /// time is at most the pattern's length times the path's, with no recursion and no
    /// backtracking, whatever the pattern holds.
    static func glob(_ pattern: String, _ text: String, orBelow: Bool = false) -> Bool {
        glob(tokens: GlobToken.compile(pattern), text, orBelow: orBelow)
    }

    /// ``glob(_:_:orBelow:)`` with the pattern compiled already.
    static func glob(tokens: [GlobToken], _ text: String, orBelow: Bool = false) -> Bool {
        let count = tokens.count
        // `states[i]`: the first `i` tokens can match the text read so far.
        var states = [Bool](repeating: false, count: count + 1)
        var next = states
        states[0] = true
        close(&states, tokens)
        for character in text {
            if orBelow, character == "/", states[count] {
                return true
            }
            var any = false
            for index in 0..<count where states[index] {
                switch tokens[index] {
                case .literal(let expected):
                    if character == expected { next[index + 1] = true; any = true }
                case .oneCharacter:
                    if character != "/" { next[index + 1] = true; any = true }
                case .star:
                    if character != "/" { next[index] = true; any = true }
                case .globstar:
                    next[index] = true
                    any = true
                }
            }
            guard any else { return false }
            swap(&states, &next)
            for index in next.indices { next[index] = false }
            close(&states, tokens)
        }
        return states[count]
    }

    /// Adds the positions reachable without reading a character: past stars that match nothing.
    private static func close(_ states: inout [Bool], _ tokens: [GlobToken]) {
        for index in tokens.indices where states[index] {
            switch tokens[index] {
            case .star, .globstar: states[index + 1] = true
            default: break
            }
        }
    }
}

/// One step of a compiled glob.
enum GlobToken: Equatable {
    case literal(Character)
    /// `?`: one character other than `/`.
    case oneCharacter
    /// `*`: any run of characters other than `/`.
    case star
    /// `**`, and the `/` after it: any run of characters.
    case globstar

    /// The steps of `pattern`, with each run of stars folded into one step.
    static func compile(_ pattern: String) -> [GlobToken] {
        var tokens: [GlobToken] = []
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            let token: GlobToken
            switch character {
            case "*":
                if characters.first == "*" {
                    characters.removeFirst()
                    // `**/` may also match nothing.
                    if characters.first == "/" { characters.removeFirst() }
                    token = .globstar
                } else {
                    token = .star
                }
            case "?":
                token = .oneCharacter
            default:
                token = .literal(character)
            }
            // `**` swallows any stars next to it, and `**` equals `*` or `**` after `**`.
            switch (tokens.last, token) {
            case (.globstar?, .star), (.globstar?, .globstar), (.star?, .star):
                continue
            case (.star?, .globstar):
                tokens[tokens.count - 1] = .globstar
            default:
                tokens.append(token)
            }
        }
        return tokens
    }
}
