import HackerNewsTerminal
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Standard output and standard error, written with write(2) so that a stream that cannot be
/// written is an error `hn` reports (exit status 1), not a trap: `FileHandle.write(_:)` traps on
/// a closed descriptor (`hn >&-`) and on a broken pipe (`hn | head -1`).
enum StandardStreams {
    /// Descriptors found closed at start; see ``prepare()``.
    nonisolated(unsafe) private static var closed: Set<Int32> = []

    /// Readies the streams before anything is opened or written: SIGPIPE is ignored, so a broken
    /// pipe is the error `EPIPE`; a closed standard descriptor is held by `/dev/null`, so no
    /// socket or file takes its number and receives the text meant for the stream; and it stays
    /// closed for ``write(_:to:)``. Called once, before any other thread starts.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
            closed.insert(descriptor)
        }
    }

    /// Writes all of `text` to `descriptor`, retrying short and interrupted writes.
    ///
    /// - Returns: `nil`, or why the write failed (`"Broken pipe"`).
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> String? {
        if closed.contains(descriptor) {
            return String(cString: strerror(EBADF))
        }
        return DescriptorOutput.write(text, to: descriptor).map { String(cString: strerror($0)) }
    }
}
