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
        let (descriptor, size) = try open(path, limit: limit)
        defer { close(descriptor) }
        // Read straight into the result, sized by `stat` with one byte more, so that the usual
        // file takes two reads (its bytes, then the end) and no zeroed buffer or copy.
        let expected = size
        var failure: Int32 = 0
        var atEnd = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = readSome(descriptor, into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...])))
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 {
                    atEnd = true
                    return
                }
                count += got
            }
        }
        // A file that grew since `stat` is read on in blocks, still held to the limit.
        var block = [UInt8](repeating: 0, count: atEnd || failure != 0 ? 0 : 1 << 16)
        while !atEnd, failure == 0 {
            guard bytes.count <= limit else { break }
            let count = block.withUnsafeMutableBytes { readSome(descriptor, into: $0) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
            } else if count == 0 {
                atEnd = true
            } else {
                bytes.append(contentsOf: block[0..<count])
            }
        }
        if failure != 0 {
            throw FileAccessError(path: path, problem: "cannot be read (\(systemMessage(failure)))")
        }
        guard bytes.count <= limit else {
            throw FileAccessError(path: path, problem: "is larger than \(limit / (1 << 20)) MiB")
        }
        return bytes
    }

    /// Opens the regular file `path` names for reading and gives its descriptor, which the
    /// caller closes, and its size; refuses anything else, and a file larger than `limit`.
    static func open(_ path: String, limit: Int) throws(FileAccessError) -> (descriptor: Int32, size: Int) {
        // Non-blocking, so that opening a FIFO with no writer cannot wait; a regular file ignores it.
        let descriptor = openFile(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileAccessError(path: path, problem: openProblem(errno, path: path))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw FileAccessError(path: path, problem: "cannot be read (\(systemMessage(code)))")
        }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else {
            close(descriptor)
            throw FileAccessError(path: path, problem: "is \(kind.phrase), not a regular file")
        }
        guard Int64(info.st_size) <= Int64(limit) else {
            close(descriptor)
            throw FileAccessError(path: path, problem: "is larger than \(limit / (1 << 20)) MiB")
        }
        return (descriptor, Int(info.st_size))
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

/// `open(2)` under another name: inside ``RegularFileReader`` the name `open` means its own method.
private func openFile(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// `read(2)` under another name: inside ``RegularFileReader`` the name `read` means its own method.
private func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
