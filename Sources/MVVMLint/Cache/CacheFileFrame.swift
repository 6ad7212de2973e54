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
        writer.raw(checksumBytes(checksum)[...])
        return writer.bytes
    }

    /// How much of a file written as it is made is gathered before one write.
    static let writeBlockSize = 1 << 20

    /// The framed file of a payload of `length` bytes that `payload` makes, handing its pieces
    /// in order to the function it is given; written as it is made, a block at a time, so the
    /// file is never held whole. The same bytes as ``sealed(_:magic:)`` of a writer that holds
    /// them all.
    static func content(
        magic: [UInt8], length: Int,
        payload: @escaping (_ add: (ArraySlice<UInt8>) throws(FileAccessError) -> Void) throws(FileAccessError) -> Void
    ) -> OutputFileWriter.Content {
        OutputFileWriter.Content { block throws(FileAccessError) in
            var checksum = StableHash.Running(length: length)
            var buffer: [UInt8] = []
            buffer.reserveCapacity(writeBlockSize)
            func flush() throws(FileAccessError) {
                try OutputFileWriter.Content.hand(buffer, to: block)
                buffer.removeAll(keepingCapacity: true)
            }
            func add(_ bytes: ArraySlice<UInt8>) throws(FileAccessError) {
                if buffer.count + bytes.count > writeBlockSize {
                    try flush()
                }
                if bytes.count > writeBlockSize {
                    // Too large to gather: written as it is, so the buffer keeps its size.
                    try OutputFileWriter.Content.hand(bytes, to: block)
                } else {
                    buffer.append(contentsOf: bytes)
                }
            }
            try add(magic[...])
            try payload { bytes throws(FileAccessError) in
                bytes.withUnsafeBytes { checksum.add($0) }
                try add(bytes)
            }
            try add(checksumBytes(checksum.finish())[...])
            try flush()
        }
    }

    /// How a checksum is written after the payload: eight bytes, the lowest first.
    static func checksumBytes(_ checksum: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: checksum >> (8 * UInt64($0))) }
    }

    /// The checksum ``checksumBytes(_:)`` wrote.
    static func checksum(_ bytes: some BidirectionalCollection<UInt8>) -> UInt64 {
        bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// Where the payload of `file` lies, if it starts with `magic` and its checksum holds.
    static func payload(of file: [UInt8], magic: [UInt8]) -> Range<Int>? {
        guard file.starts(with: magic), file.count >= magic.count + 8 else { return nil }
        let payload = magic.count..<(file.count - 8)
        let stored = checksum(file[payload.upperBound...])
        guard file.withUnsafeBytes({ StableHash.of(UnsafeRawBufferPointer(rebasing: $0[payload])) }) == stored else { return nil }
        return payload
    }
}
