#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file's size and modification time, read with one `stat` call: enough to tell, as git's index
/// does, that a file is unchanged without reading it.
public struct FileStamp: Hashable, Sendable {
    /// The size in bytes.
    public var size: Int64
    /// Modification time, seconds since 1970.
    public var seconds: Int64
    /// Modification time, the nanoseconds part.
    public var nanoseconds: Int64

    /// The stamp of the file at `path`, or `nil` if it cannot be read.
    public init?(path: String) {
        guard let status = FileStatus(path: path) else { return nil }
        self.init(status)
    }

    /// The stamp in a file's status.
    init(_ status: FileStatus) {
        self.init(size: status.size, seconds: status.seconds, nanoseconds: status.nanoseconds)
    }

    init(size: Int64, seconds: Int64, nanoseconds: Int64) {
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Writes the stamp in the cache's binary form.
    func write(to writer: inout BinaryWriter) {
        writer.int(Int(size)); writer.int(Int(seconds)); writer.int(Int(nanoseconds))
    }

    /// Reads a stamp ``write(to:)`` wrote, its numbers range-checked.
    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(size: Int64(try reader.int(in: 0...Int.max)), seconds: Int64(try reader.int()),
                  nanoseconds: Int64(try reader.int(in: 0...999_999_999)))
    }

    /// Whether the file was last changed long enough before `now` that an edit within the same
    /// clock tick cannot follow unnoticed (git's "racily clean" problem).
    func isSettled(at now: Int64) -> Bool {
        now - seconds > 2
    }

    /// The stamp if it ``isSettled(at:)`` `now`, else `nil`: what a cache may keep of it.
    func ifSettled(at now: Int64) -> FileStamp? {
        isSettled(at: now) ? self : nil
    }
}
