import Foundation

/// A set of words kept as one sorted run of bytes: what a test file's facts say it mentions.
///
/// A test file mentions hundreds of words and its facts live until the run ends; as a
/// `Set<String>` they were the largest share of the memory that grows with the files. Here each
/// word costs its bytes and four more, and a look-up is a binary search. A look-up matches as
/// `String` does: the few words that are not ASCII are also kept as strings, so a word spelled
/// with composed or decomposed characters is found either way.
public struct CodeWords: Sendable, Hashable {
    /// The words' UTF-8 bytes, one after another, in byte order.
    private let bytes: [UInt8]
    /// Where each word ends in `bytes`; word `i` starts where word `i - 1` ends.
    private let ends: [UInt32]
    /// The words that are not ASCII.
    private let nonASCII: Set<String>

    /// No words.
    public init() {
        bytes = []
        ends = []
        nonASCII = []
    }

    /// The distinct words of `words`.
    public init(_ words: some Sequence<String>) {
        let words = Array(words)
        let utf8 = words.map { Array($0.utf8) }
        let flat = utf8.flatMap { $0 }
        var start = 0
        let ranges = utf8.map { word in
            defer { start += word.count }
            return start..<start + word.count
        }
        self = flat.withUnsafeBufferPointer { CodeWords(sorting: ranges, in: $0) }
    }

    /// Words of `text` given by their byte ranges, in any order and with repeats. A word that is
    /// not valid UTF-8 (a raw string's `\` before a letter's second byte) is kept repaired, as a
    /// `String` made of it would be, so the words are the same read back from the cache.
    init(_ ranges: [Range<Int>], in text: UnsafeBufferPointer<UInt8>) {
        guard ranges.contains(where: { text[$0].contains { $0 >= 0x80 } }) else {
            self.init(sorting: ranges, in: text)
            return
        }
        self.init(ranges.map { String(decoding: UnsafeBufferPointer(rebasing: text[$0]), as: UTF8.self) })
    }

    /// Valid UTF-8 words of `text` given by their byte ranges.
    private init(sorting ranges: [Range<Int>], in text: UnsafeBufferPointer<UInt8>) {
        let sorted = ranges.sorted { Self.compare(text, $0, text, $1) < 0 }
        var bytes: [UInt8] = []
        var ends: [UInt32] = []
        var nonASCII: Set<String> = []
        var last: Range<Int>?
        for range in sorted where last.map({ Self.compare(text, $0, text, range) != 0 }) ?? true {
            let word = UnsafeBufferPointer(rebasing: text[range])
            bytes.append(contentsOf: word)
            ends.append(UInt32(bytes.count))
            if word.contains(where: { $0 >= 0x80 }) {
                nonASCII.insert(String(decoding: word, as: UTF8.self))
            }
            last = range
        }
        self.nonASCII = nonASCII
        // Kept until the run ends: no room to grow.
        self.bytes = Array(unsafeUninitializedCapacity: bytes.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: bytes)
        }
        self.ends = Array(unsafeUninitializedCapacity: ends.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: ends)
        }
    }

    /// How many words there are.
    public var count: Int { ends.count }

    /// Whether there are none.
    public var isEmpty: Bool { ends.isEmpty }

    /// Whether `word` is one of them, or equal to one as a `String`.
    public func contains(_ word: String) -> Bool {
        // `K` is equal to the Kelvin sign: a word that is not ASCII may equal an ASCII one.
        containsBytes(of: word) || (!nonASCII.isEmpty && nonASCII.contains(word))
    }

    private func containsBytes(of word: String) -> Bool {
        var word = word
        return word.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { all in
                var low = 0, high = ends.count
                while low < high {
                    let middle = (low + high) / 2
                    let order = Self.compare(all, range(middle), wanted, 0..<wanted.count)
                    if order == 0 { return true }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return false
            }
        }
    }

    private func range(_ position: Int) -> Range<Int> {
        (position == 0 ? 0 : Int(ends[position - 1]))..<Int(ends[position])
    }

    /// Byte order of two ranges: negative, zero or positive.
    private static func compare(
        _ left: UnsafeBufferPointer<UInt8>, _ leftRange: Range<Int>, _ right: UnsafeBufferPointer<UInt8>, _ rightRange: Range<Int>
    ) -> Int {
        let common = Swift.min(leftRange.count, rightRange.count)
        if common > 0 {
            let order = memcmp(left.baseAddress! + leftRange.lowerBound, right.baseAddress! + rightRange.lowerBound, common)
            if order != 0 { return Int(order) }
        }
        return leftRange.count - rightRange.count
    }
}

extension CodeWords: Sequence {
    /// The words in byte order.
    public func makeIterator() -> AnyIterator<String> {
        var position = 0
        return AnyIterator {
            guard position < ends.count else { return nil }
            defer { position += 1 }
            return String(decoding: bytes[range(position)], as: UTF8.self)
        }
    }
}

extension CodeWords: ExpressibleByArrayLiteral {
    /// The distinct words of the literal.
    public init(arrayLiteral words: String...) {
        self.init(words)
    }
}

extension CodeWords: Codable {
    /// Decodes a list of words.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([String].self))
    }

    /// Encodes the words as a list, in byte order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Array(self))
    }
}
