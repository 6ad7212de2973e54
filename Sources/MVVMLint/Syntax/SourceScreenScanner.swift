#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension SourceScreen {
    /// The one pass over the bytes: a simplified lexer that tracks what is open.
    struct Scanner {
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
    }
}
