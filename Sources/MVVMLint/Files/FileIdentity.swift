#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A file's device and inode: what makes two paths (through links) the same file or folder.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    /// The identity of what `path` names, links followed; `nil` if it cannot be reached.
    init?(path: String) {
        guard let status = FileStatus(path: path) else { return nil }
        self = status.identity
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
