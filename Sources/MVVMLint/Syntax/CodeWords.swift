import Foundation

/// A set of words kept as one sorted run of bytes: what a test file's facts say it mentions.
///
/// A test file mentions hundreds of words and its facts live until the run ends; as a
/// `Set<String>` they were the largest share of the memory that grows with the files. Here the
/// words are kept in byte order, in blocks of 16: a block's first word whole, each
/// other word as how many bytes it shares with the word before and the bytes that follow
/// (sorted names share long prefixes: `testLoad`, `testLoadFails`). A look-up is a binary search
/// over the blocks' first words, then a walk through one block. A look-up matches as `String`
/// does: the few words that are not ASCII are also kept as strings, so a word spelled with
/// composed or decomposed characters is found either way.
public struct CodeWords: Sendable, Hashable {
    /// The blocks, one after another. A length is a LEB128 number: one byte below 128.
    private let bytes: [UInt8]
    /// Where each block starts in `bytes`.
    private let blockStarts: [UInt32]
    /// How many words there are.
    public let count: Int
    /// The words that are not ASCII.
    private let nonASCII: Set<String>

    /// How many words a block holds: the longest walk a look-up makes after its binary search.
    static let wordsPerBlock = 16

    /// No words.
    public init() {
        bytes = []
        blockStarts = []
        count = 0
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
        // Lengths are written as the cache writes numbers.
        var writer = BinaryWriter()
        var blockStarts: [UInt32] = []
        var nonASCII: Set<String> = []
        var count = 0
        var last: Range<Int>?
        for range in sorted where last.map({ Self.compare(text, $0, text, range) != 0 }) ?? true {
            let word = UnsafeBufferPointer(rebasing: text[range])
            if count.isMultiple(of: Self.wordsPerBlock) {
                blockStarts.append(UInt32(writer.bytes.count))
                writer.int(word.count)
                writer.raw(text[range])
            } else if let last {
                let shared = Self.commonPrefix(text, last, text, range)
                writer.int(shared)
                writer.int(word.count - shared)
                writer.raw(text[(range.lowerBound + shared)..<range.upperBound])
            }
            if word.contains(where: { $0 >= 0x80 }) {
                nonASCII.insert(String(decoding: word, as: UTF8.self))
            }
            count += 1
            last = range
        }
        self.nonASCII = nonASCII
        self.count = count
        // Kept until the run ends: no room to grow.
        self.bytes = Array(exactCount: writer.bytes.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: writer.bytes)
        }
        self.blockStarts = Array(exactCount: blockStarts.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: blockStarts)
        }
    }

    /// Whether there are none.
    public var isEmpty: Bool { count == 0 }

    /// The words equal to one of `wanted`: a look-up of any wanted word answers as it does here.
    func keeping(_ wanted: Set<String>) -> CodeWords {
        // Whichever side is smaller is walked and looked up in the other.
        wanted.count <= count ? CodeWords(wanted.filter(contains)) : CodeWords(filter(wanted.contains))
    }

    /// Whether `word` is one of them, or equal to one as a `String`.
    public func contains(_ word: String) -> Bool {
        // `K` is equal to the Kelvin sign: a word that is not ASCII may equal an ASCII one.
        containsBytes(of: word) || (!nonASCII.isEmpty && nonASCII.contains(word))
    }

    private func containsBytes(of word: String) -> Bool {
        guard count > 0 else { return false }
        var word = word
        return word.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { all in
                // The last block whose first word is not after the wanted one.
                var low = 0, high = blockStarts.count
                while high - low > 1 {
                    let middle = (low + high) / 2
                    var position = Int(blockStarts[middle])
                    let length = Self.number(in: all, at: &position)
                    if Self.compare(all, position..<position + length, wanted, 0..<wanted.count) <= 0 {
                        low = middle
                    } else {
                        high = middle
                    }
                }
                return Self.block(low, of: self, in: all, contains: wanted)
            }
        }
    }

    /// Whether block `block` holds `wanted`, knowing that its first word is not after it. No word
    /// is rebuilt: the walk keeps how many bytes the word at hand shares with `wanted`, and a
    /// word that shares more with the word before than that is still before `wanted`.
    private static func block(
        _ block: Int, of words: CodeWords, in all: UnsafeBufferPointer<UInt8>, contains wanted: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        var (position, end) = words.bounds(ofBlock: block, in: all)
        // The word at hand: how many bytes it shares with `wanted`, and its length.
        var matched = 0, length = number(in: all, at: &position)
        var suffix = position..<position + length
        position += length
        while true {
            // The bytes of the word at hand from `matched` on are `suffix`'s from its start.
            let more = commonPrefix(all, suffix, wanted, matched..<wanted.count)
            matched += more
            length = matched - more + suffix.count
            if matched == length || matched == wanted.count {
                // One is a prefix of the other: equal, or the shorter is first.
                if matched == length && matched == wanted.count { return true }
                if matched == wanted.count { return false }
            } else if all[suffix.lowerBound + more] > wanted[matched] {
                return false
            }
            // The word at hand is before `wanted`: on to the next that differs from it where it
            // shares with `wanted`.
            var shared = 0
            repeat {
                guard position < end else { return false }
                shared = number(in: all, at: &position)
                let count = number(in: all, at: &position)
                suffix = position..<position + count
                position += count
                // Sharing fewer bytes than `matched`, the next word is after `wanted` there.
                if shared < matched { return false }
            } while shared > matched
        }
    }

    /// How many bytes the two ranges share from their starts.
    private static func commonPrefix(
        _ left: UnsafeBufferPointer<UInt8>, _ leftRange: Range<Int>, _ right: UnsafeBufferPointer<UInt8>, _ rightRange: Range<Int>
    ) -> Int {
        let limit = Swift.min(leftRange.count, rightRange.count)
        var count = 0
        while count < limit && left[leftRange.lowerBound + count] == right[rightRange.lowerBound + count] {
            count += 1
        }
        return count
    }

    /// Where block `block` starts and ends in `all` (this value's bytes).
    private func bounds(ofBlock block: Int, in all: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int) {
        (Int(blockStarts[block]), block + 1 < blockStarts.count ? Int(blockStarts[block + 1]) : all.count)
    }

    /// Calls `body` with each word of block `block` in order.
    private func forEachWord(ofBlock block: Int, in all: UnsafeBufferPointer<UInt8>, _ body: ([UInt8]) -> Void) {
        var (position, end) = bounds(ofBlock: block, in: all)
        let length = Self.number(in: all, at: &position)
        var current = Array(all[position..<position + length])
        position += length
        body(current)
        while position < end {
            let shared = Self.number(in: all, at: &position)
            let suffix = Self.number(in: all, at: &position)
            current.removeSubrange(shared...)
            current.append(contentsOf: all[position..<position + suffix])
            position += suffix
            body(current)
        }
    }

    /// The LEB128 number at `position` (as ``BinaryWriter/int(_:)`` writes one), which moves
    /// past it. The bytes are this value's own, so they are not checked as a cache's are.
    private static func number(in bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Int {
        var value = 0, shift = 0
        while true {
            let byte = bytes[position]
            position += 1
            value |= Int(byte & 0x7F) << shift
            guard byte >= 0x80 else { return value }
            shift += 7
        }
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
    /// How many words there are: iterating gives them all.
    public var underestimatedCount: Int { count }

    /// The words in byte order.
    public func makeIterator() -> AnyIterator<String> {
        var words: [String] = []
        words.reserveCapacity(count)
        bytes.withUnsafeBufferPointer { all in
            for block in blockStarts.indices {
                forEachWord(ofBlock: block, in: all) { word in
                    words.append(String(decoding: word, as: UTF8.self))
                }
            }
        }
        return AnyIterator(words.makeIterator())
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
