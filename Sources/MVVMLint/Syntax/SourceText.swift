#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SwiftSyntax

/// A line and a UTF-8 column, both 1-based, as diagnostics report them.
struct LineColumn: Hashable, Sendable {
    var line: Int
    var column: Int
}

/// A file's bytes and line starts. Turning positions into lines with one byte scan, instead of
/// swift-syntax's `SourceLocationConverter` (which walks the whole tree), and answering "does
/// the file mention this word?" without Foundation keep a lint run close to the cost of parsing.
struct SourceText: Sendable {
    let bytes: [UInt8]
    let lineStarts: [Int]

    init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The text of UTF-8 `bytes`, taken as they are (no copy).
    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        let count = bytes.count
        // Most files break lines with "\n" alone: memchr (vectorised) finds each one.
        let plain = bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress, memchr(base, Int32(UInt8(ascii: "\r")), count) == nil else { return count == 0 }
            var start = 0
            while start < count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start) {
                start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(start)
            }
            return true
        }
        if plain {
            lineStarts = starts
            return
        }
        var index = 0
        while index < count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") {
                starts.append(index)
            } else if byte == UInt8(ascii: "\r") {
                // "\r\n" is one line break; a lone "\r" is one too, as in Swift.
                if index < count && bytes[index] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index)
            }
        }
        lineStarts = starts
    }

    /// The line and column of a byte offset.
    func location(of position: AbsolutePosition) -> LineColumn {
        let offset = min(max(0, position.utf8Offset), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        // The last line start at or before the offset.
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return LineColumn(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// How a match must sit among the surrounding characters.
    enum Boundary {
        /// Anywhere.
        case none
        /// A whole word: no identifier character on either side.
        case word
        /// The end of a word: no identifier character after it.
        case wordEnd
    }

    /// Whether `needle` occurs anywhere in the text, comments and strings included.
    func contains(_ needle: String) -> Bool {
        !offsets(of: needle, boundary: .none, limit: 1).isEmpty
    }

    /// Whether `word` occurs as a whole identifier-like word (comments and strings included, so
    /// a `false` is certain and a `true` only means "look closer").
    func mentions(_ word: String) -> Bool {
        !offsets(of: word, boundary: .word, limit: 1).isEmpty
    }

    /// The byte offsets where `needle` starts, at most `limit` of them.
    func offsets(of needle: String, boundary: Boundary, limit: Int = .max) -> [Int] {
        var needle = needle
        return needle.withUTF8 { needle in
            guard !needle.isEmpty, needle.count <= bytes.count else { return [] }
            var found: [Int] = []
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress, let needleBase = needle.baseAddress else { return }
                // memchr (the C library's vectorised byte search) finds candidates for the needle's
                // rarest byte, so a needle starting with a common letter is not compared at each.
                let key = Self.rarestByte(of: needle)
                let byte = Int32(needle[key])
                let lastStart = buffer.count - needle.count
                var start = 0
                while found.count < limit, start <= lastStart,
                      let match = memchr(base + start + key, byte, lastStart + 1 - start) {
                    let index = base.distance(to: match.assumingMemoryBound(to: UInt8.self)) - key
                    start = index + 1
                    guard needle.count == 1 || memcmp(base + index, needleBase, needle.count) == 0 else { continue }
                    let end = index + needle.count
                    let endsWord = end == buffer.count || !Self.isWordByte(buffer[end])
                    let startsWord = index == 0 || !Self.isWordByte(buffer[index - 1])
                    switch boundary {
                    case .none: found.append(index)
                    case .word where startsWord && endsWord: found.append(index)
                    case .wordEnd where endsWord: found.append(index)
                    default: break
                    }
                }
            }
            return found
        }
    }

    /// Where in `needle` the byte least likely in Swift source is: any byte but a lower-case
    /// letter is taken as rare (capitals start only some words), and among lower-case letters the
    /// one latest in the order of their frequency in English text.
    private static func rarestByte(of needle: UnsafeBufferPointer<UInt8>) -> Int {
        var best = 0, bestRank = -1
        for (position, byte) in needle.enumerated() {
            let rank = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? Int(letterRank[Int(byte - UInt8(ascii: "a"))]) : 26
            if rank > bestRank {
                best = position
                bestRank = rank
            }
        }
        return best
    }

    /// Each lower-case letter's place, `a` to `z`, in the order `etaoinshrdlcumwfgypbvkjxqz`.
    private static let letterRank: [UInt8] = [2, 19, 11, 9, 0, 15, 16, 7, 4, 22, 21, 10, 13, 5, 3, 18, 24, 8, 6, 1, 12, 20, 14, 23, 17, 25]

    /// The identifier-like words a file uses in code, gathered without walking its tree: words in
    /// comments are left out, and so is the name a declaration introduces (`func refresh()`,
    /// `case refresh`, `let sut`), so a mock's method or a comment never counts as a use. Words in
    /// string literals count.
    func codeWords() -> CodeWords {
        let declaring: [StaticString] = ["func", "var", "let", "case", "class", "struct", "enum", "protocol", "typealias", "actor"]
        return bytes.withUnsafeBufferPointer { buffer in
            var found: [Range<Int>] = []
            let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
            var index = 0
            var inString = false
            // The word just before (its start and length), when nothing but blanks came since: it
            // may declare the next. Kept as bytes: most words are never compared.
            var previous: (start: Int, length: Int)?
            func declares(_ word: (start: Int, length: Int)) -> Bool {
                declaring.contains { keyword in
                    keyword.utf8CodeUnitCount == word.length
                        && memcmp(buffer.baseAddress! + word.start, keyword.utf8Start, word.length) == 0
                }
            }
            while index < buffer.count {
                let byte = buffer[index]
                if inString {
                    if byte == backslash { index += 2; continue }
                    if byte == quote { inString = false }
                } else if byte == quote {
                    inString = true
                } else if byte == slash && index + 1 < buffer.count && buffer[index + 1] == slash {
                    while index < buffer.count && buffer[index] != UInt8(ascii: "\n") { index += 1 }
                    previous = nil
                    continue
                } else if byte == slash && index + 1 < buffer.count && buffer[index + 1] == star {
                    // Block comments nest in Swift.
                    var depth = 0
                    while index + 1 < buffer.count {
                        if buffer[index] == slash && buffer[index + 1] == star {
                            depth += 1
                            index += 2
                        } else if buffer[index] == star && buffer[index + 1] == slash {
                            depth -= 1
                            index += 2
                            if depth == 0 { break }
                        } else {
                            index += 1
                        }
                    }
                    if depth > 0 { index = buffer.count }
                    previous = nil
                    continue
                }
                guard Self.isWordByte(byte) else {
                    if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { previous = nil }
                    index += 1
                    continue
                }
                let start = index
                while index < buffer.count && Self.isWordByte(buffer[index]) {
                    index += 1
                }
                let isNumber = buffer[start] >= UInt8(ascii: "0") && buffer[start] <= UInt8(ascii: "9")
                if !isNumber && (inString || !(previous.map(declares) ?? false)) {
                    found.append(start..<index)
                }
                previous = inString ? nil : (start, index - start)
            }
            return CodeWords(found, in: buffer)
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte >= 0x80
    }
}
