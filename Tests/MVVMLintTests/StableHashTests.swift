import Testing
import Foundation
@testable import MVVMLint

struct StableHashTests {
    /// Bytes that are not all alike, so a word read from the wrong place changes the hash.
    private static let bytes: [UInt8] = (0..<203).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }

    @Test(arguments: [0, 1, 7, 8, 9, 16, 23, 203])
    func hashedInTwoPiecesAsInOne(count: Int) {
        let bytes = Array(Self.bytes.prefix(count))
        let whole = bytes.withUnsafeBytes { StableHash.of($0) }
        for split in 0...count {
            var running = StableHash.Running(length: count)
            bytes[..<split].withUnsafeBytes { running.add($0) }
            bytes[split...].withUnsafeBytes { running.add($0) }
            #expect(running.finish() == whole, "split at \(split)")
        }
    }

    /// The hash as first defined, a word at a time then the bytes left: what caches and
    /// fingerprints stored before the running hash existed were made with.
    private static func definition(_ bytes: [UInt8]) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            let word = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[index + $1]) << (8 * UInt64($1)) }
            hash = (hash ^ word) &* prime
            hash ^= hash >> 29
            index += 8
        }
        while index < bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* prime
            index += 1
        }
        return hash
    }

    @Test(arguments: [0, 1, 7, 8, 9, 16, 23, 203])
    func isTheHashAsDefined(count: Int) {
        let bytes = Array(Self.bytes.prefix(count))
        #expect(bytes.withUnsafeBytes { StableHash.of($0) } == Self.definition(bytes))
    }

    @Test func hashedInManySmallPiecesAsInOne() {
        let whole = Self.bytes.withUnsafeBytes { StableHash.of($0) }
        var running = StableHash.Running(length: Self.bytes.count)
        var start = 0, size = 1
        while start < Self.bytes.count {
            let end = min(start + size, Self.bytes.count)
            Self.bytes[start..<end].withUnsafeBytes { running.add($0) }
            start = end
            size = size % 11 + 1
        }
        #expect(running.finish() == whole)
    }
}

/// A cache file written as it is made is the file a writer holding it all would seal.
struct CacheFileFrameTests {
    @Test func aFileWrittenInPiecesIsTheSealedFile() throws {
        let magic = Array("test-frame".utf8)
        // Pieces small and large: one larger than a write block, and many that fill blocks.
        let pieces: [[UInt8]] = [Array(repeating: 7, count: 3)]
            + (0..<40).map { piece in (0..<(50_000 + piece)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ piece) } }
            + [Array(repeating: 9, count: CacheFileFrame.writeBlockSize + 5), [1, 2]]
        var writer = CacheFileFrame.writer(magic: magic)
        for piece in pieces { writer.raw(piece[...]) }
        let sealed = CacheFileFrame.sealed(consume writer, magic: magic)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-frame-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("file").path
        let content = CacheFileFrame.content(magic: magic, length: pieces.reduce(0) { $0 + $1.count }) { add throws(FileAccessError) in
            for piece in pieces { try add(piece[...]) }
        }
        try OutputFileWriter.write(content, to: path, policy: .regularFilesOnly)
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written == sealed)
        #expect(CacheFileFrame.payload(of: written, magic: magic) != nil)
    }
}
