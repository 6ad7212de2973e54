// Shared by the plugins and compiled by MVVMLintTests (as PluginTopLevelLines.swift): a plugin
// links nothing but PackagePlugin, so it cannot parse YAML, yet must not take a line inside a
// value for a key.

/// Follows a YAML file line by line just far enough to tell which lines start a key of the
/// top-level mapping: not those inside a quoted value that spans lines, a flow collection
/// (`[…]`, `{…}`) that spans lines, a block scalar (`|`, `>`) or a plain value continued on
/// indented lines, nor any after the first document ends.
struct TopLevelLines {
    private var quote: Character?
    private var flowDepth = 0
    /// The indentation of the line that opened a block scalar or a plain value: lines indented
    /// more continue it.
    private var continuedFrom: Int?
    private var sawContent = false
    private var ended = false

    /// Takes the next line (without its line break) and tells whether it starts a top-level key,
    /// that is, whether a key written at its start belongs to the top-level mapping.
    mutating func startsTopLevelKey(_ line: Substring) -> Bool {
        let indent = line.prefix { $0 == " " || $0 == "\t" }.count
        let isBlank = indent == line.count
        if ended { return false }
        if let parent = continuedFrom, quote == nil, flowDepth == 0 {
            if isBlank || indent > parent { return false }
            continuedFrom = nil
        }
        let isTopLevel = quote == nil && flowDepth == 0 && indent == 0 && !isBlank
        if isTopLevel, let marker = Self.documentMarker(line) {
            // A second document is not the configuration's: `mvvm` reads one.
            ended = sawContent || marker == "..."
            if !ended { follow(line.dropFirst(3), indent: 0) }
            return false
        }
        if !isBlank && !line.hasPrefix("#") && !line.hasPrefix("%") {
            sawContent = true
        }
        follow(line, indent: indent)
        return isTopLevel
    }

    /// `---` or `...` when `line` is a document marker (alone, or followed by a space, a tab or
    /// nothing else).
    private static func documentMarker(_ line: Substring) -> Substring? {
        let marker = line.prefix(3)
        guard marker == "---" || marker == "..." else { return nil }
        let rest = line.dropFirst(3)
        return rest.isEmpty || rest.first == " " || rest.first == "\t" ? marker : nil
    }

    /// Updates the open quote, the flow depth and what continues from `line`'s characters.
    private mutating func follow(_ line: Substring, indent: Int) {
        // Where a value may start: after the indentation, `: `, `- `, `? `, and in a flow
        // collection `[`, `{` and `,`. Only there does a quote or bracket open something.
        var atValueStart = quote == nil
        var startedPlain = false
        var atSpace = true
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            let next = line.index(after: index)
            let followedBySpace = next == line.endIndex || line[next] == " " || line[next] == "\t"
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
                    atValueStart = false
                }
            } else if character == "#" && atSpace {
                break
            } else if character == " " || character == "\t" {
                // Spaces change nothing.
            } else if atValueStart && (character == "&" || character == "!") {
                // An anchor or a tag: the value starts after it.
                while index < line.endIndex && line[index] != " " && line[index] != "\t" {
                    index = line.index(after: index)
                }
                atSpace = true
                continue
            } else if atValueStart && (character == "\"" || character == "'") {
                quote = character
            } else if (atValueStart || flowDepth > 0) && (character == "[" || character == "{") {
                flowDepth += 1
                atValueStart = true
            } else if flowDepth > 0 && (character == "]" || character == "}") {
                flowDepth -= 1
                atValueStart = false
            } else if flowDepth > 0 && character == "," {
                atValueStart = true
            } else if character == ":" && (followedBySpace || flowDepth > 0) {
                atValueStart = true
                startedPlain = false
            } else if atValueStart && (character == "-" || character == "?") && followedBySpace {
                atValueStart = true
            } else if atValueStart {
                atValueStart = false
                startedPlain = flowDepth == 0
            }
            atSpace = character == " " || character == "\t"
            index = next
        }
        guard quote == nil && flowDepth == 0 else { return }
        // A block scalar's content, and a plain value's continuation, sit on the lines indented
        // more than this one.
        if Self.opensBlockScalar(line) || startedPlain {
            continuedFrom = indent
        }
    }

    /// Whether `line` ends with a block scalar's indicator (`key: |`, `- >-`, `key: |2 # note`).
    private static func opensBlockScalar(_ line: Substring) -> Bool {
        var text = line
        if let comment = text.indices.first(where: { text[$0] == "#" && $0 > text.startIndex
            && (text[text.index(before: $0)] == " " || text[text.index(before: $0)] == "\t") }) {
            text = text[..<comment]
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
