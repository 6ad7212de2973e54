#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A look at a file's bytes before it is parsed, for the shapes that make swift-syntax's parser
/// recurse without bound (and so overflow the stack) or take time exponential in their depth.
/// One pass, no allocation beyond a small stack bounded by the limits, far cheaper than parsing.
///
/// It reads the bytes as a simplified lexer: comments and string literals (raw, multi-line, with
/// interpolations, which are code again) are skipped, everything else is looked at for brackets
/// and a few keywords. It may see more nesting than the parser would (a bracket inside a regex
/// literal counts), never less for the shapes it looks for.
struct SourceScreen {
    /// Why a file is not parsed.
    struct Rejection: Equatable, Sendable {
        /// The byte offset of the construct that went past a limit.
        var offset: Int
        /// What went past it, for the notice: "nests brackets more than 64 deep".
        var reason: String
    }

    /// Brackets, braces, parentheses and `#if` blocks open at once. The parser's own nesting
    /// limit is set to the same value, so a file that passes is never cut short by it.
    static let maximumNesting = 64
    /// Square brackets open at once. The parser tries each `[` of an expression as the start
    /// of a type before it reads it as a literal, and those tries nest: each level doubles the
    /// time (about 14 levels take seconds).
    static let maximumSquareNesting = 10
    /// `else if` clauses in one chain: the parser reads each as a nested `if`.
    static let maximumElseIfChain = 1_000
    /// Prefix keywords (`try`, `await`, ...) applied one to the other: each is a nested call of
    /// the parser.
    static let maximumPrefixChain = 100
    /// Generic argument lists open at once (`A<B<C<…`): the parser nests a call for each, and its
    /// own nesting limit does not count them. A `<` right after a name counts; the count starts
    /// again at each line, `;`, `=` and brace, so comparisons written `a<b` cannot add up.
    static let maximumGenericNesting = 64
    /// Function arrows in one type (`(A) -> (B) -> …`): the parser reads the result type of each
    /// with a nested call.
    static let maximumArrowChain = 100
    /// Subscripts in a row (`a[0][0][0]…`): the parser's look-ahead for a collection type at each
    /// `[` reads on over the following ones, so the time grows with the square of the chain.
    static let maximumSubscriptChain = 100

    /// Square brackets open at once within one line, counted in code, strings and comments
    /// alike. A backstop for damaged files where the screen's reading of strings differs from
    /// the lexer's (an interpolation left open in a multi-line string): the brackets it took for
    /// text may be code to the parser. Real code and text do not open this many on one line.
    static let maximumSquareNestingOnALine = 12

    /// The first place where `bytes` goes past a limit, or `nil` if the file may be parsed.
    static func check(_ bytes: [UInt8]) -> Rejection? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(bytes: buffer)
            return scanner.run() ?? squareNestingOnOneLine(buffer)
        }
    }

    private static func squareNestingOnOneLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Rejection? {
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = firstOffset(of: UInt8(ascii: "\n"), in: bytes, from: lineStart, to: bytes.count) ?? bytes.count
            // Most lines have no `[`: found with `memchr`, they cost next to nothing.
            if let first = firstOffset(of: UInt8(ascii: "["), in: bytes, from: lineStart, to: lineEnd) {
                var depth = 0
                for index in first..<lineEnd {
                    switch bytes[index] {
                    case UInt8(ascii: "["):
                        depth += 1
                        if depth > maximumSquareNestingOnALine {
                            return Rejection(offset: index, reason: "nests square brackets more than \(maximumSquareNestingOnALine) deep on one line")
                        }
                    case UInt8(ascii: "]"):
                        depth = max(0, depth - 1)
                    case UInt8(ascii: "\r"):
                        depth = 0
                    default:
                        break
                    }
                }
            }
            lineStart = lineEnd + 1
        }
        return nil
    }

    /// The offset of the first `byte` in `bytes[start..<end]`, found with `memchr`.
    private static func firstOffset(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard let base = bytes.baseAddress, start < end,
              let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// What each open bracket is: `(`, `[`, `{`, `#` for `#if`, or an interpolation's
        /// parenthesis with the string it returns to.
        var open: [Opener] = []
        var squareDepth = 0
        /// The `else if` chain length at each nesting depth.
        var elseIfChains: [Int] = [0]
        var prefixChain = 0
        var genericDepth = 0
        var subscriptChain = 0
        /// The `->` count at each nesting depth since the last line, `;`, `,` or `=`.
        var arrowChains: [Int] = [0]
        /// The last word read, when nothing but whitespace and comments followed it.
        var previousWord: Word = .other

        enum Opener {
            case paren, square, brace, poundIf
            case interpolation(hashes: Int, multiline: Bool)
        }

        enum Word {
            case other, elseKeyword
        }

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func run() -> Rejection? {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "/"):
                    if next(1) == UInt8(ascii: "/") {
                        skipLineComment()
                        continue
                    }
                    if next(1) == UInt8(ascii: "*") {
                        skipBlockComment()
                        continue
                    }
                    wordEnded()
                    index += 1
                case UInt8(ascii: "\""):
                    wordEnded()
                    if let rejection = string() { return rejection }
                case UInt8(ascii: "#"):
                    wordEnded()
                    if let rejection = startsString() ? string() : directive() { return rejection }
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    wordEnded()
                    let opener: Opener = byte == UInt8(ascii: "(") ? .paren : byte == UInt8(ascii: "[") ? .square : .brace
                    if byte == UInt8(ascii: "["), index > 0, bytes[index - 1] == UInt8(ascii: "]") {
                        subscriptChain += 1
                        if subscriptChain > maximumSubscriptChain {
                            return Rejection(offset: index, reason: "chains more than \(maximumSubscriptChain) subscripts")
                        }
                    } else if byte == UInt8(ascii: "[") {
                        subscriptChain = 0
                    }
                    if let rejection = push(opener, at: index) { return rejection }
                    index += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    wordEnded()
                    index += 1
                    if case .interpolation(let hashes, let multiline) = close(byte) {
                        // Back in the string the interpolation is part of.
                        if let rejection = stringBody(hashes: hashes, multiline: multiline) { return rejection }
                    }
                case UInt8(ascii: "<") where index > 0 && SourceText.isWordByte(bytes[index - 1]):
                    wordEnded()
                    genericDepth += 1
                    if genericDepth > maximumGenericNesting {
                        return Rejection(offset: index, reason: "nests generic arguments more than \(maximumGenericNesting) deep")
                    }
                    index += 1
                case UInt8(ascii: ">"):
                    wordEnded()
                    if index > 0 && bytes[index - 1] == UInt8(ascii: "-") {
                        arrowChains[arrowChains.count - 1] += 1
                        if arrowChains[arrowChains.count - 1] > maximumArrowChain {
                            return Rejection(offset: index - 1, reason: "chains more than \(maximumArrowChain) function arrows")
                        }
                    } else if genericDepth > 0 {
                        genericDepth -= 1
                    }
                    index += 1
                case UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    if byte != UInt8(ascii: ",") {
                        genericDepth = 0
                    }
                    arrowChains[arrowChains.count - 1] = 0
                    if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                        index += 1
                    } else {
                        wordEnded()
                        index += 1
                    }
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    // Indentation comes in runs: read a run in one loop.
                    index += 1
                    while index < bytes.count && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) {
                        index += 1
                    }
                default:
                    if SourceText.isWordByte(byte) {
                        if let rejection = word() { return rejection }
                    } else {
                        wordEnded()
                        index += 1
                    }
                }
            }
            return nil
        }

        func next(_ distance: Int) -> UInt8? {
            index + distance < bytes.count ? bytes[index + distance] : nil
        }

        /// Called at anything but a word, whitespace or a comment: chains of keywords end there.
        mutating func wordEnded() {
            previousWord = .other
            prefixChain = 0
        }

        mutating func push(_ opener: Opener, at offset: Int) -> Rejection? {
            open.append(opener)
            elseIfChains.append(0)
            arrowChains.append(0)
            if case .brace = opener {
                genericDepth = 0
            }
            if case .square = opener {
                squareDepth += 1
                if squareDepth > maximumSquareNesting {
                    return Rejection(offset: offset, reason: "nests square brackets more than \(maximumSquareNesting) deep")
                }
            }
            if open.count > maximumNesting {
                return Rejection(offset: offset, reason: "nests brackets, braces, parentheses and #if blocks more than \(maximumNesting) deep")
            }
            return nil
        }

        /// Closes the innermost open bracket of the closer's kind, and whatever a damaged file (or
        /// a bracket in a regex literal) left open inside it; a closer with no opener is ignored.
        /// The search stops at an interpolation or an `#if`, which only their own ends close.
        /// Returns what was closed.
        mutating func close(_ closer: UInt8) -> Opener? {
            for position in open.indices.reversed() {
                let matches: Bool
                switch open[position] {
                case .paren: matches = closer == UInt8(ascii: ")")
                case .square: matches = closer == UInt8(ascii: "]")
                case .brace: matches = closer == UInt8(ascii: "}")
                case .interpolation:
                    guard closer == UInt8(ascii: ")") else { return nil }
                    matches = true
                case .poundIf:
                    return nil
                }
                if matches {
                    while open.count > position + 1 {
                        _ = pop()
                    }
                    return pop()
                }
            }
            return nil
        }

        mutating func pop() -> Opener? {
            guard let opener = open.popLast() else { return nil }
            elseIfChains.removeLast()
            arrowChains.removeLast()
            if case .brace = opener {
                genericDepth = 0
            }
            if case .square = opener {
                squareDepth -= 1
            }
            return opener
        }

        mutating func word() -> Rejection? {
            let start = index
            while index < bytes.count && SourceText.isWordByte(bytes[index]) {
                index += 1
            }
            let length = index - start
            // Every keyword looked for is 2 to 9 bytes long and starts with one of these letters;
            // most words are settled here without a comparison.
            let mayBeKeyword: Bool
            switch bytes[start] {
            case UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "c"), UInt8(ascii: "e"), UInt8(ascii: "i"),
                 UInt8(ascii: "r"), UInt8(ascii: "s"), UInt8(ascii: "t"):
                mayBeKeyword = length >= 2 && length <= 9
            default:
                mayBeKeyword = false
            }
            guard mayBeKeyword else {
                previousWord = .other
                prefixChain = 0
                return nil
            }
            func isWord(_ text: StaticString) -> Bool {
                length == text.utf8CodeUnitCount && memcmp(bytes.baseAddress! + start, text.utf8Start, length) == 0
            }
            // A `#` or `@` right before makes it a directive or an attribute, not a keyword.
            let wasPreviousElse = previousWord == .elseKeyword
            previousWord = .other
            if isWord("else") {
                previousWord = .elseKeyword
                prefixChain = 0
            } else if isWord("if") {
                prefixChain = 0
                let depth = elseIfChains.count - 1
                elseIfChains[depth] = wasPreviousElse ? elseIfChains[depth] + 1 : 0
                if elseIfChains[depth] > maximumElseIfChain {
                    return Rejection(offset: start, reason: "chains more than \(maximumElseIfChain) else-if clauses")
                }
            } else if isWord("try") || isWord("await") || isWord("consume") || isWord("copy") || isWord("each")
                || isWord("repeat") || isWord("some") || isWord("any") || isWord("inout") || isWord("borrowing")
                || isWord("consuming") || isWord("sending") {
                prefixChain += 1
                if prefixChain > maximumPrefixChain {
                    return Rejection(offset: start, reason: "applies more than \(maximumPrefixChain) prefix keywords in a row")
                }
            } else {
                prefixChain = 0
            }
            return nil
        }

        /// `#if` opens a block and `#endif` closes one; other directives are words.
        mutating func directive() -> Rejection? {
            let start = index
            index += 1
            let wordStart = index
            while index < bytes.count && SourceText.isWordByte(bytes[index]) {
                index += 1
            }
            let length = index - wordStart
            if length == 2 && bytes[wordStart] == UInt8(ascii: "i") && bytes[wordStart + 1] == UInt8(ascii: "f") {
                return push(.poundIf, at: start)
            }
            let endif: StaticString = "endif"
            if length == 5 && memcmp(bytes.baseAddress! + wordStart, endif.utf8Start, 5) == 0 {
                // Closes the innermost `#if`, whatever brackets a damaged file left open in it.
                if let poundIf = open.lastIndex(where: { if case .poundIf = $0 { true } else { false } }) {
                    while open.count > poundIf {
                        _ = pop()
                    }
                }
            }
            return nil
        }

        mutating func skipLineComment() {
            // Comments are a large share of many files: `memchr` finds their ends.
            let end = firstOffset(of: UInt8(ascii: "\n"), in: bytes, from: index, to: bytes.count) ?? bytes.count
            // A lone carriage return also ends a line.
            index = firstOffset(of: UInt8(ascii: "\r"), in: bytes, from: index, to: end) ?? end
        }

        /// Block comments nest in Swift.
        mutating func skipBlockComment() {
            var depth = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "/"), next(1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if bytes[index] == UInt8(ascii: "*"), next(1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    index += 1
                }
            }
        }

        /// Whether a string literal starts here: `"`, or `#`s followed by `"`.
        func startsString() -> Bool {
            var cursor = index
            while cursor < bytes.count && bytes[cursor] == UInt8(ascii: "#") {
                cursor += 1
            }
            return cursor < bytes.count && bytes[cursor] == UInt8(ascii: "\"")
        }

        /// Reads a string literal's opening delimiter, then its body.
        mutating func string() -> Rejection? {
            var hashes = 0
            while bytes[index] == UInt8(ascii: "#") {
                hashes += 1
                index += 1
            }
            let multiline = next(1) == UInt8(ascii: "\"") && next(2) == UInt8(ascii: "\"")
            index += multiline ? 3 : 1
            return stringBody(hashes: hashes, multiline: multiline)
        }

        /// Skips a string's text up to its closing delimiter, or up to an interpolation, whose
        /// code is read as code (the closing parenthesis comes back here).
        mutating func stringBody(hashes: Int, multiline: Bool) -> Rejection? {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), hashesFollow(hashes, from: index + 1) {
                    index += 1 + hashes
                    if index < bytes.count && bytes[index] == UInt8(ascii: "(") {
                        let rejection = push(.interpolation(hashes: hashes, multiline: multiline), at: index)
                        index += 1
                        return rejection
                    }
                    // An escaped character, whatever it is.
                    index += 1
                } else if byte == UInt8(ascii: "\"") && (!multiline || (next(1) == UInt8(ascii: "\"") && next(2) == UInt8(ascii: "\"")))
                    && hashesFollow(hashes, from: index + (multiline ? 3 : 1)) {
                    index += (multiline ? 3 : 1) + hashes
                    return nil
                } else if !multiline && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) {
                    // An unterminated single-line string ends with its line.
                    return nil
                } else {
                    index += 1
                }
            }
            return nil
        }

        func hashesFollow(_ count: Int, from start: Int) -> Bool {
            guard start + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[start + offset] != UInt8(ascii: "#") {
                return false
            }
            return true
        }
    }
}
