// Shared by the three plugins and compiled by MVVMLintTests (as PluginTopLevelLines.swift): a
// plugin links nothing but PackagePlugin, so it cannot parse YAML, yet must not take a line
// inside a value for a key.

/// Follows a YAML file line by line just far enough to tell which lines start a key of the
/// top-level mapping: not those inside a quoted value that spans lines, a flow collection
/// (`[…]`, `{…}`) that spans lines, or a block scalar (`|`, `>`), nor any after the first
/// document ends.
struct TopLevelLines {
    private var quote: Character?
    private var flowDepth = 0
    /// The indentation of the line that opened a block scalar: its content is indented more.
    private var blockScalarParent: Int?
    private var sawContent = false
    private var ended = false

    /// Takes the next line (without its line break) and tells whether it starts a top-level key,
    /// that is, whether a key written at its start belongs to the top-level mapping.
    mutating func startsTopLevelKey(_ line: Substring) -> Bool {
        let line = line.last == "\r" ? line.dropLast() : line
        let indent = line.prefix { $0 == " " || $0 == "\t" }.count
        let isBlank = indent == line.count
        if ended { return false }
        if let parent = blockScalarParent {
            if isBlank || indent > parent { return false }
            blockScalarParent = nil
        }
        let isTopLevel = quote == nil && flowDepth == 0 && indent == 0 && !isBlank
        if quote == nil && flowDepth == 0 && (line == "---" || line.hasPrefix("--- ") || line == "...") {
            // A second document is not the configuration's: `mvvm` reads one.
            ended = sawContent || line == "..."
            return false
        }
        if !isBlank && !line.hasPrefix("#") && !line.hasPrefix("%") {
            sawContent = true
        }
        follow(line, indent: indent)
        return isTopLevel
    }

    /// Updates the open quote, the flow depth and the block scalar from `line`'s characters.
    private mutating func follow(_ line: Substring, indent: Int) {
        var previous: Character?
        var atSpace = true
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            let next = line.index(after: index)
            if let open = quote {
                if open == "\"" && character == "\\" {
                    index = next < line.endIndex ? line.index(after: next) : next
                    continue
                }
                if character == open {
                    if open == "'" && next < line.endIndex && line[next] == "'" {
                        index = line.index(after: next)
                        continue
                    }
                    quote = nil
                }
            } else if character == "#" && atSpace {
                break
            } else if character == "\"" || character == "'" {
                if startsValue(after: previous) { quote = character }
            } else if character == "[" || character == "{" {
                if flowDepth > 0 || startsValue(after: previous) { flowDepth += 1 }
            } else if (character == "]" || character == "}") && flowDepth > 0 {
                flowDepth -= 1
            }
            atSpace = character == " " || character == "\t"
            if !atSpace { previous = character }
            index = next
        }
        if quote == nil && flowDepth == 0 && Self.opensBlockScalar(line) {
            blockScalarParent = indent
        }
    }

    /// Whether a quote or bracket after `previous` (the last character before it that is not a
    /// space, `nil` at the start of the line) begins a value rather than sitting inside one.
    private func startsValue(after previous: Character?) -> Bool {
        guard let previous else { return true }
        return flowDepth > 0 ? ":,[{".contains(previous) : ":-?".contains(previous)
    }

    /// Whether `line` ends with a block scalar's indicator (`key: |`, `- >-`, `key: |2 # note`).
    private static func opensBlockScalar(_ line: Substring) -> Bool {
        var text = line
        if let comment = text.firstRange(of: " #") {
            text = text[..<comment.lowerBound]
        }
        var trimmed = Substring(text.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        while let last = trimmed.last, last == "+" || last == "-" || last.isNumber {
            trimmed = trimmed.dropLast()
        }
        guard let indicator = trimmed.last, indicator == "|" || indicator == ">" else { return false }
        let before = trimmed.dropLast()
        return before.isEmpty || before.hasSuffix(" ") || before.hasSuffix("\t")
    }
}
