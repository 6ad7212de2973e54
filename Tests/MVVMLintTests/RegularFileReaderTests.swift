import Foundation
@testable import MVVMLint
import Testing

/// A source file is read straight into its buffer, sized by `stat`; what comes back must be the
/// file's bytes whatever its size, and a file over the limit must be refused.
struct RegularFileReaderTests {
    /// Bytes that differ from their neighbours, so a block read twice or out of place shows.
    private static func content(count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
    }

    @Test(arguments: [0, 1, 4_095, 65_536, 65_537, 300_001])
    func readsEveryByteOfAFile(count: Int) throws {
        let folder = try FileInputTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("File.swift").path
        let bytes = Self.content(count: count)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        #expect(try RegularFileReader.read(path, limit: 1 << 20) == bytes)
        #expect(try RegularFileReader.read(path, limit: count) == bytes, "a file exactly at the limit is read")
    }

    @Test func refusesAFileOverTheLimit() throws {
        let folder = try FileInputTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Large.swift").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.content(count: 3 << 20))))
        #expect(throws: FileAccessError.self) { try RegularFileReader.read(path, limit: 2 << 20) }
    }

    /// A file whose size `stat` does not tell (`/proc` reports none) is read to its end, and
    /// held to the limit as it is read.
    @Test func aFileLargerThanItsStatIsReadToItsEndAndHeldToTheLimit() throws {
        let path = "/proc/self/status"
        guard FileKind.atPath(path) == .regular else { return }
        let bytes = try RegularFileReader.read(path, limit: 1 << 20)
        #expect(bytes.count > 16)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("Name:"))
        #expect(throws: FileAccessError.self) { try RegularFileReader.read(path, limit: 16) }
    }

    @Test func refusesAFolder() throws {
        let folder = try FileInputTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: FileAccessError.self) { try RegularFileReader.read(folder.path, limit: 1 << 20) }
    }
}
