import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Holds the signals that end a process (SIGINT, SIGTERM, SIGHUP, SIGQUIT) off while a file is
/// being written, so that a file is never left half-written by one: the signal takes effect
/// when the write is done.
///
/// `--fix` rewrites a source in place (so that it stays the same file, with its owner, links
/// and extended attributes); a signal in the middle of that used to leave the file torn. The
/// first ``during(_:)`` installs a handler for each of these signals, unless the process
/// ignores it (`nohup`), that only marks the signal and writes its number to a pipe; a thread
/// of its own reads the pipe, waits until no write is under way (a temporary file renamed into
/// place or removed), and ends the process with the signal's default action, so the exit
/// status still says which signal ended it. Meanwhile no new write starts, and a thread whose
/// write finished goes no further. Outside a write a signal ends the process at once, as
/// before. SIGKILL cannot be caught.
public enum SignalHold {
    /// The signals held.
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Runs `body` with the signals held off: one that arrives meanwhile takes effect after
    /// `body` returns. Calls may nest and may run on several threads at once.
    public static func during<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        state.installOnce()
        state.begin()
        defer { state.end() }
        return try body()
    }

    /// Whether `number`'s action is to be ignored (a run started under `nohup` ignores SIGHUP),
    /// asked without changing it.
    public static func isIgnored(_ number: Int32) -> Bool {
        var action = sigaction()
        return sigaction(number, nil, &action) == 0 && HoldState.isIgnored(action)
    }

    private static let state = HoldState()

    /// The writes under way and whether a signal is waiting for them.
    private final class HoldState: @unchecked Sendable {
        // Everything below `condition` is only touched while holding it.
        private let condition = NSCondition()
        private var installed = false
        private var writing = 0
        private var ending = false

        func installOnce() {
            condition.lock()
            defer { condition.unlock() }
            guard !installed else { return }
            installed = true
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            signalHoldPipe = ends[1]
            let reader = ends[0]
            let thread = Thread { [self] in
                var number: Int32 = 0
                while true {
                    let count = read(reader, &number, MemoryLayout<Int32>.size)
                    if count < 0 && errno == EINTR { continue }
                    guard count == MemoryLayout<Int32>.size else { return }
                    end(by: number)
                }
            }
            thread.start()
            for number in SignalHold.signals {
                var previous = sigaction()
                guard sigaction(number, nil, &previous) == 0, !Self.isIgnored(previous) else { continue }
                Self.setHandler(forwardHeldSignal, for: number, flags: SA_RESTART)
            }
        }

        /// Sets `number`'s handler, blocking no other signal while it runs.
        private static func setHandler(_ handler: (@convention(c) (Int32) -> Void)?, for number: Int32, flags: Int32 = 0) {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
            #else
            action.__sigaction_handler.sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = flags
            sigaction(number, &action, nil)
        }

        /// Whether a signal came: the handler's own mark counts at once, before the thread that
        /// reads the pipe has woken (a write finishing meanwhile must not let its thread go on).
        private var isEnding: Bool {
            ending || signalHoldMark != 0
        }

        static func isIgnored(_ action: sigaction) -> Bool {
            #if canImport(Darwin)
            return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            #else
            return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            #endif
        }

        func begin() {
            condition.lock()
            // A signal is ending the process: no new write starts, unless one is under way
            // (this may be a write nested in it, which must finish for it to finish).
            while isEnding && writing == 0 { condition.wait() }
            writing += 1
            condition.unlock()
        }

        func end() {
            condition.lock()
            writing -= 1
            condition.broadcast()
            // A signal is ending the process: this thread goes no further than its finished
            // (outermost) write, so nothing it would do next (exit with another status) can
            // come first.
            while isEnding && writing == 0 { condition.wait() }
            condition.unlock()
        }

        /// Waits for the writes under way, then ends the process with `number`'s default action.
        private func end(by number: Int32) {
            condition.lock()
            ending = true
            while writing > 0 { condition.wait() }
            condition.unlock()
            Self.setHandler(SIG_DFL, for: number)
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, number)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            raise(number)
            // Only reached if the default action does not end the process (SIGQUIT's core
            // dump disabled cannot stop it; this is for safety's sake).
            _exit(128 + number)
        }
    }
}

// The pipe the handler writes to; set once, before any handler is installed.
nonisolated(unsafe) private var signalHoldPipe: Int32 = -1
// Set by the handler (an aligned 32-bit store, as `sig_atomic_t` is), read under the lock.
nonisolated(unsafe) private var signalHoldMark: Int32 = 0

private func forwardHeldSignal(_ number: Int32) {
    let saved = errno
    signalHoldMark = number
    var number = number
    _ = write(signalHoldPipe, &number, MemoryLayout<Int32>.size)
    errno = saved
}
