/// A value the facts cache stores, written field by field in the order of its ``schema``. Each
/// fact type conforms beside its declaration; the cache's format number is derived from every
/// stored type's schema, so changing one invalidates old caches without a hand-kept version, and
/// `FactsRoundTripTests` fails when a stored property is missing from a schema or from the coding.
protocol BinaryCodable: Sendable {
    /// The stored properties as `name: Type`, in declaration order, which is the order
    /// `write(to:)` writes them.
    static var schema: [String] { get }
    /// Writes the value's fields in schema order.
    func write(to writer: inout BinaryWriter)
    /// Reads what `write(to:)` wrote, throwing on anything out of place.
    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged)
}

/// A compact binary form of the facts for the cache. Decoding JSON cost a cached run more than
/// parsing the files had; this writes fields in a fixed order with length prefixes, and a reader
/// that finds anything out of place throws, so a damaged cache is dropped, never trusted.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func int(_ value: Int) {
        // LEB128 of the bit pattern: small non-negative numbers (lines, counts) take one byte.
        var rest = UInt64(bitPattern: Int64(value))
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            bytes.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
    }

    mutating func uint64(_ value: UInt64) {
        int(Int(Int64(bitPattern: value)))
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// A length-prefixed block of bytes written by another writer.
    mutating func bytes(_ block: [UInt8]) {
        int(block.count)
        bytes.append(contentsOf: block)
    }

    /// A block `write` writes here, with its length in front: the length takes a fixed five
    /// bytes (LEB128 padded with empty groups, which ``BinaryReader/count()`` reads as it reads any
    /// number), so the block is written in place, not in a writer of its own and then copied.
    mutating func sized(_ write: (inout BinaryWriter) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: [0x80, 0x80, 0x80, 0x80, 0x00])
        write(&self)
        var length = bytes.count - start - 5
        precondition(length < 1 << 35, "a block too long for its length field")
        for offset in 0..<5 {
            bytes[start + offset] = UInt8(length & 0x7F) | (offset < 4 ? 0x80 : 0)
            length >>= 7
        }
    }

    /// Bytes another writer wrote, as they are (no length in front).
    mutating func raw(_ block: some Collection<UInt8>) {
        bytes.append(contentsOf: block)
    }

    mutating func string(_ value: String) {
        let utf8 = value.utf8
        int(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    mutating func optional<T>(_ value: T?, _ write: (inout BinaryWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    mutating func array<T>(_ values: some Collection<T>, _ write: (inout BinaryWriter, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }

    mutating func strings(_ values: some Collection<String>) {
        array(values) { $0.string($1) }
    }

    /// Values that write themselves, with a count in front.
    mutating func values(_ values: [some BinaryCodable]) {
        array(values) { writer, value in value.write(to: &writer) }
    }

    /// The bytes in an array of their own size, without the room the writer kept to grow: for
    /// bytes that are kept, not written on.
    var keptBytes: [UInt8] {
        Array(exactCount: bytes.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: bytes)
        }
    }
}

extension BinaryCodable {
    /// The value written on its own, in an array of its own size.
    var encoded: [UInt8] {
        var writer = BinaryWriter()
        write(to: &writer)
        return writer.keptBytes
    }
}

/// Reads what ``BinaryWriter`` wrote; every read checks its bounds.
struct BinaryReader {
    struct Damaged: Error {}

    private let bytes: [UInt8]
    private var index: Int
    private let end: Int

    init(_ bytes: [UInt8]) {
        self.init(bytes, range: 0..<bytes.count)
    }

    /// A reader of `range` of `bytes`, without copying them.
    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        index = range.lowerBound
        end = range.upperBound
    }

    var isAtEnd: Bool { index == end }

    /// Where the next read starts.
    var position: Int { index }

    /// Moves past `count` bytes.
    mutating func skip(_ count: Int) throws(Damaged) {
        guard count >= 0, count <= end - index else { throw Damaged() }
        index += count
    }

    /// The next `count` bytes, as a slice of the bytes read (no copy), moving past them.
    mutating func slice(_ count: Int) throws(Damaged) -> ArraySlice<UInt8> {
        let start = index
        try skip(count)
        return bytes[start..<index]
    }

    mutating func int() throws(Damaged) -> Int {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard index < end, shift < 64 else { throw Damaged() }
            let byte = bytes[index]
            index += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: result))
    }

    /// The positions a cached fact may hold (lines, columns, byte offsets): a damaged or forged
    /// cache cannot hand a rule a negative or absurd number.
    static let positions = 0...Int(Int32.max)

    /// A number that must lie in `range`.
    mutating func int(in range: ClosedRange<Int>) throws(Damaged) -> Int {
        let value = try int()
        guard range.contains(value) else { throw Damaged() }
        return value
    }

    /// A line, column or offset.
    mutating func lineOrOffset() throws(Damaged) -> Int {
        try int(in: Self.positions)
    }

    mutating func uint64() throws(Damaged) -> UInt64 {
        UInt64(bitPattern: Int64(try int()))
    }

    mutating func bool() throws(Damaged) -> Bool {
        guard index < end, bytes[index] <= 1 else { throw Damaged() }
        index += 1
        return bytes[index - 1] == 1
    }

    mutating func count() throws(Damaged) -> Int {
        let count = try int()
        guard count >= 0, count <= end - index else { throw Damaged() }
        return count
    }

    mutating func string() throws(Damaged) -> String {
        let length = try count()
        defer { index += length }
        return String(decoding: bytes[index..<(index + length)], as: UTF8.self)
    }

    mutating func optional<T>(_ read: (inout BinaryReader) throws(Damaged) -> T) throws(Damaged) -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<T>(_ read: (inout BinaryReader) throws(Damaged) -> T) throws(Damaged) -> [T] {
        let count = try count()
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    mutating func strings() throws(Damaged) -> [String] {
        try array { reader throws(Damaged) in try reader.string() }
    }

    /// Values that read themselves, as ``BinaryWriter/values(_:)`` wrote them.
    mutating func values<T: BinaryCodable>(of type: T.Type = T.self) throws(Damaged) -> [T] {
        try array { reader throws(Damaged) in try T(from: &reader) }
    }

    mutating func choice<T: RawRepresentable<String>>(_ type: T.Type) throws(Damaged) -> T {
        guard let value = T(rawValue: try string()) else { throw Damaged() }
        return value
    }
}
