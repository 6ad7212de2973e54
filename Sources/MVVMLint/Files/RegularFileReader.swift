#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads files the tool takes as input (sources, configurations, baselines, the cache) only if
/// they are regular files, and only up to a size: a FIFO, a device such as `/dev/zero` or a
/// folder in their place is refused at once instead of blocking or filling memory.
public enum RegularFileReader {
    /// The bytes of the regular file `path` names (symbolic links followed).
    ///
    /// - Parameters:
    ///   - path: The file to read.
    ///   - limit: The largest size accepted, in bytes.
    public static func read(_ path: String, limit: Int) throws(FileAccessError) -> [UInt8] {
        // Non-blocking, so that opening a FIFO with no writer cannot wait; a regular file ignores it.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileAccessError(path: path, problem: openProblem(errno, path: path))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw FileAccessError(path: path, problem: "cannot be read (\(systemMessage(errno)))")
        }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else {
            throw FileAccessError(path: path, problem: "is \(kind.phrase), not a regular file")
        }
        guard Int64(info.st_size) <= Int64(limit) else {
            throw FileAccessError(path: path, problem: "is larger than \(limit / (1 << 20)) MiB")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { readSome(descriptor, into: $0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileAccessError(path: path, problem: "cannot be read (\(systemMessage(errno)))")
            }
            if count == 0 { break }
            // A file that grows while it is read is still held to the limit.
            guard bytes.count + count <= limit else {
                throw FileAccessError(path: path, problem: "is larger than \(limit / (1 << 20)) MiB")
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }

    /// Why `open` failed, in words.
    static func openProblem(_ code: Int32, path: String) -> String {
        switch code {
        case ENOENT:
            FileKind.atPath(path) == .symbolicLink ? "is a broken symbolic link" : "does not exist"
        case EACCES, EPERM: "cannot be read (permission denied)"
        case ELOOP: "is a symbolic link loop"
        case ENXIO: "is a socket or a device that is not there"
        default: "cannot be opened (\(systemMessage(code)))"
        }
    }
}

/// `read(2)` under another name: inside ``RegularFileReader`` the name `read` means its own method.
private func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
