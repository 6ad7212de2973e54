import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes the files the tool produces (reports, graphs, baselines, the cache) without ever
/// replacing something that is not a regular file.
///
/// - Nothing at the path: a new file, written to a temporary sibling and renamed into place,
///   so no reader sees half of it.
/// - A regular file: replaced the same way, keeping its permissions (and, where allowed, its
///   owner); one with other hard links is rewritten in place so that the links stay one file.
/// - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`: written to that descriptor of this process.
/// - A symbolic link, a character device (`/dev/null`) or a FIFO: opened and written through,
///   never renamed over. A FIFO no process reads from is an error, not a wait.
/// - A block device, a socket or a folder: refused.
public enum OutputFileWriter {
    /// Which paths may be written.
    public enum Policy: Sendable {
        /// Regular files, and links, devices and FIFOs written through (reports, graphs, baselines).
        case throughLinks
        /// Only a regular file or nothing (the tool's own files, such as the cache).
        case regularFilesOnly
    }

    /// Writes `bytes` to `path` as described above.
    ///
    /// With `project` (the project's root folder), a path inside the project must also end up
    /// inside it once its links are followed: a symbolic link committed in a repository
    /// (`mvvm.sarif -> ../../victim`, a folder `reports -> /etc`) cannot send the output
    /// elsewhere. A path given outside the project is written where it says; so is a character
    /// device or a FIFO (`/dev/null`, `/dev/stdout`).
    public static func write(_ bytes: [UInt8], to path: String, policy: Policy = .throughLinks, project: String? = nil) throws(FileAccessError) {
        try write(Content(bytes), to: path, policy: policy, project: project)
    }

    /// What a write puts in a file: blocks of bytes, made as they are written, so a large file
    /// need not be held whole in memory first.
    struct Content {
        /// Makes the blocks, in order, handing each to `block`, which writes it.
        let blocks: (_ block: (UnsafeRawBufferPointer) throws(FileAccessError) -> Void) throws(FileAccessError) -> Void

        init(blocks: @escaping (_ block: (UnsafeRawBufferPointer) throws(FileAccessError) -> Void) throws(FileAccessError) -> Void) {
            self.blocks = blocks
        }

        /// Bytes at hand, as one block.
        init(_ bytes: [UInt8]) {
            blocks = { block throws(FileAccessError) in try Self.hand(bytes, to: block) }
        }

        /// Hands `bytes` to `block` as one block.
        static func hand(_ bytes: some ContiguousBytes, to block: (UnsafeRawBufferPointer) throws(FileAccessError) -> Void) throws(FileAccessError) {
            // `withUnsafeBytes` rethrows untyped errors: the one error is carried out by hand.
            var failure: FileAccessError?
            bytes.withUnsafeBytes { buffer in
                do throws(FileAccessError) { try block(buffer) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    /// Writes `content` to `path` as ``write(_:to:policy:project:)`` writes bytes.
    static func write(_ content: Content, to path: String, policy: Policy = .throughLinks, project: String? = nil) throws(FileAccessError) {
        if policy == .throughLinks, let descriptor = standardDescriptor(path) ?? standardStream(namedBy: path) {
            // What this process already printed there must come first: flush every stream.
            fflush(nil)
            try writeAll(content, to: descriptor, path: path)
            return
        }
        if let project {
            try checkStaysInside(project, path)
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else {
                throw FileAccessError(path: path, problem: "cannot be written (\(systemMessage(errno)))")
            }
            try replace(path, with: content, keeping: nil)
            return
        }
        switch FileKind(mode: info.st_mode) {
        case .regular where info.st_nlink > 1:
            try writeInPlace(content, to: path)
        case .regular:
            try replace(path, with: content, keeping: info)
        case .symbolicLink, .characterDevice, .fifo:
            guard policy == .throughLinks else {
                throw FileAccessError(path: path, problem: "is \(FileKind(mode: info.st_mode).phrase); only a regular file is replaced there")
            }
            try writeInPlace(content, to: path)
        case let kind:
            throw FileAccessError(path: path, problem: "is \(kind.phrase); refusing to write there")
        }
    }

    /// Throws when `path` lies inside `project` as written but leads out of it through links.
    static func checkStaysInside(_ project: String, _ path: String) throws(FileAccessError) {
        let current = FileManager.default.currentDirectoryPath
        let written = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL.path
        let root = URL(fileURLWithPath: project, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL.path
        guard RealPath.isInside(written, [root]), let realRoot = RealPath.of(root) else { return }
        let destination: String?
        if FileKind.atPath(path) == .symbolicLink {
            // A broken link is refused later, with its own message.
            guard let target = RealPath.of(path) else { return }
            if let kind = FileKind.atPath(target), kind == .characterDevice || kind == .fifo { return }
            destination = target
        } else {
            let folder = PathText.parent(of: written)
            destination = RealPath.of(folder.isEmpty ? "/" : folder).map { ($0 == "/" ? "" : $0) + "/" + (written as NSString).lastPathComponent }
        }
        guard let destination, !RealPath.isInside(destination, [realRoot]) else { return }
        throw FileAccessError(
            path: path, problem: "leads out of the project through a symbolic link (to '\(PrintableText.escaping(destination))'); refusing to write there"
        )
    }

    /// Standard output or error when `path` (links followed) is the very file it writes to, such
    /// as `/proc/self/fd/1` behind a link: cutting that file would destroy what was printed, so
    /// the output goes after it, through the stream. A terminal or `/dev/null` is left to the
    /// ordinary path, where writing through is the same.
    static func standardStream(namedBy path: String) -> Int32? {
        var info = stat()
        guard stat(path, &info) == 0, FileKind(mode: info.st_mode) == .regular else { return nil }
        for standard in [STDOUT_FILENO, STDERR_FILENO] {
            var streamInfo = stat()
            if fstat(standard, &streamInfo) == 0, streamInfo.st_dev == info.st_dev, streamInfo.st_ino == info.st_ino {
                return standard
            }
        }
        return nil
    }

    /// The descriptor a path such as `/dev/stdout` stands for.
    static func standardDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let number = Int32(path.dropFirst(prefix.count)), number >= 0 { return number }
            }
            return nil
        }
    }

    /// Opens what `path` names (links followed, no file created) and writes `content` over it.
    private static func writeInPlace(_ content: Content, to path: String) throws(FileAccessError) {
        // Non-blocking open: a FIFO without a reader fails with ENXIO instead of waiting forever.
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            let problem = code == ENXIO ? "is a FIFO that no process reads from" : openProblem(code, path: path)
            throw FileAccessError(path: path, problem: problem)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw FileAccessError(path: path, problem: "cannot be written (\(systemMessage(errno)))")
        }
        switch FileKind(mode: info.st_mode) {
        case .regular:
            // Held off while the file is cut and written: a signal waits for the whole text.
            try SignalHold.during { () throws(FileAccessError) in
                guard ftruncate(descriptor, 0) == 0 else {
                    throw FileAccessError(path: path, problem: "cannot be written (\(systemMessage(errno)))")
                }
                try writeAll(content, to: descriptor, path: path)
            }
            return
        case .characterDevice, .fifo:
            break
        case let kind:
            throw FileAccessError(path: path, problem: "leads to \(kind.phrase); refusing to write there")
        }
        // Writes may block from here on, as on any pipe whose reader is slower.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        try writeAll(content, to: descriptor, path: path)
    }

    /// Writes a temporary file beside `path` and renames it over `path`; `existing` is the
    /// replaced file's status, whose permissions and owner the new file takes.
    private static func replace(_ path: String, with content: Content, keeping existing: stat?) throws(FileAccessError) {
        // A signal waits until the temporary file is renamed into place or removed.
        try SignalHold.during { () throws(FileAccessError) in try replaceHeld(path, with: content, keeping: existing) }
    }

    private static func replaceHeld(_ path: String, with content: Content, keeping existing: stat?) throws(FileAccessError) {
        let folder = PathText.parent(of: path)
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).mvvm-\(UUID().uuidString)"
        let mode = existing.map { $0.st_mode & 0o7777 } ?? 0o666
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else {
            let code = errno
            let problem = code == ENOENT ? "cannot be written (its folder does not exist)" : "cannot be written (\(systemMessage(code)))"
            throw FileAccessError(path: path, problem: problem)
        }
        do throws(FileAccessError) {
            defer { close(descriptor) }
            if let existing {
                // The umask narrowed the mode at creation; the owner is kept where allowed (as root).
                _ = fchmod(descriptor, existing.st_mode & 0o7777)
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            }
            try writeAll(content, to: descriptor, path: path)
            guard fsync(descriptor) == 0 || errno == EINVAL else {
                throw FileAccessError(path: path, problem: "cannot be written (\(systemMessage(errno)))")
            }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let problem = "cannot be written (\(systemMessage(errno)))"
            unlink(temporary)
            throw FileAccessError(path: path, problem: problem)
        }
    }

    private static func writeAll(_ content: Content, to descriptor: Int32, path: String) throws(FileAccessError) {
        try content.blocks { block throws(FileAccessError) in try writeAll(block, to: descriptor, path: path) }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(FileAccessError) {
        var written = 0
        while written < bytes.count {
            let count = writeSome(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileAccessError(path: path, problem: "cannot be written (\(systemMessage(errno)))")
            }
            written += count
        }
    }

    private static func openProblem(_ code: Int32, path: String) -> String {
        switch code {
        case ENOENT: "cannot be written (it is a broken symbolic link, or its folder does not exist)"
        case EACCES, EPERM: "cannot be written (permission denied)"
        case EISDIR: "is a folder; refusing to write there"
        case ELOOP: "is a symbolic link loop"
        default: "cannot be written (\(systemMessage(code)))"
        }
    }
}

/// `write(2)` under another name, so that it is not taken for ``OutputFileWriter/write(_:to:policy:)``.
private func writeSome(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
