#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What one `stat` call says of a file that discovery keeps: which file it is, its size and
/// when it last changed (a fifth of a whole `stat`, for folders listed a file at a time).
struct FileStatus: Sendable {
    var identity: FileIdentity
    /// The size in bytes.
    var size: Int64
    /// Modification time, seconds since 1970, and the nanoseconds part.
    var seconds: Int64
    var nanoseconds: Int64

    /// The status of what `path` names, links followed; `nil` if it cannot be reached.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The status a `stat` call returned.
    init(_ info: stat) {
        identity = FileIdentity(info)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        seconds = Int64(info.st_mtimespec.tv_sec)
        nanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        seconds = Int64(info.st_mtim.tv_sec)
        nanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
    }
}
