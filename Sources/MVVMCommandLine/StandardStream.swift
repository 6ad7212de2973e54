import ArgumentParser
import Foundation
import MVVMLint
#if canImport(Glibc)
import Glibc
#endif

/// Standard output and standard error, written with write(2).
///
/// `FileHandle.write(_:)` traps when a write fails and `print` drops what it cannot write, so a
/// closed stream (`2>&-`) or a broken pipe (`| head -1`) either killed the tool or lost output
/// without a word. Here a failed write is an error the command reports: on standard output it
/// stops the command with exit status 2 and a message on standard error; on standard error what
/// could not be said makes the exit status 2 when the command ends.
enum StandardStream: Int32, Sendable {
    case output = 1
    case error = 2

    /// Why a write failed.
    struct Failure: Error, CustomStringConvertible {
        /// The stream.
        var stream: StandardStream
        /// The error number of the failed write.
        var code: Int32

        var description: String {
            "\(stream == .output ? "standard output" : "standard error") cannot be written (\(String(cString: strerror(code))))"
        }
    }

    /// Readies the process's streams before anything is written or opened: SIGPIPE is ignored, so
    /// a broken pipe is an error (`EPIPE`) and not a signal; and a standard descriptor that was
    /// closed is held by `/dev/null`, so no file the tool opens takes its number and receives
    /// what was meant for the stream. A stream found closed stays closed for ``write(_:)``.
    /// SIGXFSZ is ignored too, so a write past the file-size limit (`ulimit -f`) fails with
    /// `EFBIG` and is undone like one to a full disk, instead of ending the process between two
    /// writes of a fix or before a temporary file is removed.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        // The Swift runtime's crash reporter takes SIGQUIT (Ctrl-\) and lets the run go on; it
        // must end the run as it ends any program, unless the run was started ignoring it.
        if !SignalHold.isIgnored(SIGQUIT) {
            signal(SIGQUIT, SIG_DFL)
        }
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != descriptor {
                // `open` takes the lowest free number, which is this one as the loop fills
                // them in order; any other is moved into place.
                dup2(null, descriptor)
                close(null)
            }
            if descriptor > 0 {
                state.withLock { _ = $0.closed.insert(descriptor) }
            }
        }
    }

    /// Whether a write to standard error failed (or one to standard output that was not
    /// reported as the command's error): the command's exit status must then be 2.
    static var hasFailed: Bool { state.withLock { $0.failed } }

    /// Writes all of `text`, retrying short and interrupted writes.
    ///
    /// - Throws: ``Failure`` when the stream is closed or a write fails.
    func write(_ text: String) throws(Failure) {
        let descriptor = rawValue
        if Self.state.withLock({ $0.closed.contains(descriptor) }) {
            throw Failure(stream: self, code: EBADF)
        }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Darwin)
                Darwin.write(descriptor, buffer.baseAddress, buffer.count)
                #else
                Glibc.write(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                throw Failure(stream: self, code: code)
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Writes `text` to standard error as a note; a failure is remembered (the exit status becomes
    /// 2) rather than thrown, so what the run still has to do (write its reports) gets done.
    static func note(_ text: String) {
        do {
            try Self.error.write(text)
        } catch {
            state.withLock { $0.failed = true }
        }
    }

    /// Writes `text` to standard output; a failure stops the command with exit status 2 and says
    /// so on standard error.
    static func print(_ text: String) throws {
        do {
            try Self.output.write(text)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// What ``prepare()`` found and what failed since, shared by every thread of the run.
    private static let state = LockedState()

    private final class LockedState: @unchecked Sendable {
        // Everything below `lock` is only touched while holding it.
        private let lock = NSLock()
        private var value = (closed: Set<Int32>(), failed: false)

        func withLock<T>(_ body: (inout (closed: Set<Int32>, failed: Bool)) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&value)
        }
    }
}
