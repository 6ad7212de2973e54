#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The cache file an earlier run wrote, open for this one: checked once, read through in
/// blocks, then read an entry at a time, when a file's facts are asked for or when the cache is
/// written again. At monorepo size the file is tens of megabytes, and a run that lints a few
/// changed files held it whole for its entries' sake (62 MB of 157 MB at 15,864 files).
///
/// It is read through its descriptor, so a cache file another run replaces meanwhile (by
/// renaming, as a cache file with one link is) is still the one that was checked. One cut short
/// in place is caught where an entry no longer reads (its file is linted again, and a cache that
/// needs the entry is not written); one rewritten in place with bytes that still decode is
/// trusted, as a forged cache whose checksum holds always was. A cache file with more than one
/// link is written in place by this run too, so its entries are copied aside first
/// (``isWrittenInPlace(at:)``).
final class CacheFileSource: @unchecked Sendable {
    /// The file's size when it was opened.
    let size: Int
    /// Read with `pread` only, which needs no lock.
    private let descriptor: Int32
    /// The file's device and inode, to know it again by.
    private let identity: (device: UInt64, inode: UInt64)

    /// How much is read at once while the file is read through.
    static let blockSize = 1 << 20

    /// Opens the regular file at `path`; `nil` if there is none, it cannot be read, or it is
    /// larger than `limit`.
    init?(path: String, limit: Int) {
        guard let (descriptor, size) = try? RegularFileReader.open(path, limit: limit) else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.size = size
        identity = (UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino))
    }

    /// Whether writing a file at `path` would rewrite this one in place: it is the file there,
    /// and it has another link, which ``OutputFileWriter`` keeps by writing through it.
    func isWrittenInPlace(at path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, FileKind(mode: info.st_mode) == .regular else { return false }
        return info.st_nlink > 1 && (UInt64(truncatingIfNeeded: info.st_dev), UInt64(truncatingIfNeeded: info.st_ino)) == identity
    }

    deinit {
        close(descriptor)
    }

    /// The `count` bytes at `offset`, or `nil` if the file no longer has them.
    func read(offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= size - count else { return nil }
        var failed = false
        let bytes = [UInt8](exactCount: count) { buffer, initialized in
            initialized = 0
            while initialized < count {
                let got = pread(descriptor, buffer.baseAddress! + initialized, count - initialized, off_t(offset + initialized))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    failed = true
                    return
                }
                initialized += got
            }
        }
        return failed ? nil : bytes
    }

    /// Where the payload lies, if the file starts with `magic` and the checksum after the
    /// payload holds (``CacheFileFrame``), read through a block at a time.
    func payload(magic: [UInt8]) -> Range<Int>? {
        guard size >= magic.count + 8, read(offset: 0, count: magic.count) == magic else { return nil }
        let payload = magic.count..<(size - 8)
        var checksum = StableHash.Running(length: payload.count)
        var offset = payload.lowerBound
        while offset < payload.upperBound {
            guard let block = read(offset: offset, count: min(Self.blockSize, payload.upperBound - offset)) else { return nil }
            block.withUnsafeBytes { checksum.add($0) }
            offset += block.count
        }
        guard let stored = read(offset: payload.upperBound, count: 8) else { return nil }
        return CacheFileFrame.checksum(stored) == checksum.finish() ? payload : nil
    }

    /// Reads the file forward through a window of at least ``blockSize`` bytes, for the parts
    /// (each entry's head) that are read where they lie.
    struct Window {
        let source: CacheFileSource
        /// Where reading stops.
        let end: Int
        private(set) var bytes: [UInt8] = []
        private(set) var start = 0

        init(_ source: CacheFileSource, end: Int) {
            self.source = source
            self.end = end
        }

        /// A reader from `offset` to the window's end, the window moved so that it holds at
        /// least `count` bytes there (fewer where the file ends first); `nil` if the file no
        /// longer has them.
        mutating func reader(at offset: Int, holding count: Int) -> BinaryReader? {
            let wanted = min(count, end - offset)
            guard offset >= 0, wanted >= 0 else { return nil }
            if offset < start || offset + wanted > start + bytes.count {
                guard let read = source.read(offset: offset, count: min(max(wanted, CacheFileSource.blockSize), end - offset)) else {
                    return nil
                }
                bytes = read
                start = offset
            }
            return BinaryReader(bytes, range: (offset - start)..<bytes.count)
        }
    }
}
