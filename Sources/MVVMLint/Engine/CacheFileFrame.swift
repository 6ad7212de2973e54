/// How the cache's files are framed: magic bytes, the payload, then the payload's checksum in
/// eight little-endian bytes. Damage that still decodes (a changed byte in a line number or a
/// hash) drops a file as surely as damage that does not.
enum CacheFileFrame {
    /// A writer that already holds `magic`; finish it with ``sealed(_:magic:)``.
    static func writer(magic: [UInt8]) -> BinaryWriter {
        var writer = BinaryWriter()
        writer.raw(magic[...])
        return writer
    }

    /// The bytes of `writer` with the checksum of its payload after them. Hand the writer over
    /// (`consume`): a writer still held by the caller shares its bytes, and adding the checksum
    /// would copy them all (a monorepo's cache twice in memory).
    static func sealed(_ writer: consuming BinaryWriter, magic: [UInt8]) -> [UInt8] {
        let checksum = writer.bytes.withUnsafeBytes { StableHash.of(UnsafeRawBufferPointer(rebasing: $0[magic.count...])) }
        writer.raw((0..<8).map { UInt8(truncatingIfNeeded: checksum >> (8 * UInt64($0))) }[...])
        return writer.bytes
    }

    /// Where the payload of `file` lies, if it starts with `magic` and its checksum holds.
    static func payload(of file: [UInt8], magic: [UInt8]) -> Range<Int>? {
        guard file.starts(with: magic), file.count >= magic.count + 8 else { return nil }
        let payload = magic.count..<(file.count - 8)
        let stored = file[payload.upperBound...].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard file.withUnsafeBytes({ StableHash.of(UnsafeRawBufferPointer(rebasing: $0[payload])) }) == stored else { return nil }
        return payload
    }
}
