#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An advisory lock (`flock`) on an open file, taken by every `--fix` before it looks at a file
/// for the last time and held until the file is written, so that two runs fixing the same file
/// take turns. Programs that take no lock (editors) are not held back by it; the fix's last look
/// at the text covers those.
enum FileLock {
    /// Takes the exclusive lock on `descriptor`, waiting at most `limit` for another holder to
    /// let go; `false` only when another holder kept it that long (`true`, no lock taken, where
    /// the file system has no locks). Asked again at growing intervals rather than
    /// blocking, so that a process that never lets go cannot hang the run.
    static func exclusive(_ descriptor: Int32, waitingAtMost limit: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limit)
        var pause = Duration.milliseconds(1)
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                return true
            }
            // Any other answer (ENOLCK, EOPNOTSUPP, Darwin's ENOTSUP: a network mount without
            // locks) means the file system cannot take turns: the last look at the text is then
            // all there is, as before the lock.
            guard errno == EWOULDBLOCK || errno == EINTR else { return true }
            guard clock.now < deadline else { return false }
            let (seconds, attoseconds) = pause.components
            var interval = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            _ = nanosleep(&interval, nil)
            pause = min(pause * 2, .milliseconds(50))
        }
    }

    /// Lets go of the lock ``exclusive(_:waitingAtMost:)`` took.
    static func release(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
    }
}
