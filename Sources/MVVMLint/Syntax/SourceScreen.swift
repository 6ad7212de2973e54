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
    static func firstOffset(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard let base = bytes.baseAddress, start < end,
              let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
    }
}
