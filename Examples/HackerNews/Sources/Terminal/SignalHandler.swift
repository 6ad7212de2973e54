#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The terminal's signal handlers, set through `sigaction` the same way on every platform (the
/// handler field has another name on Darwin).
enum SignalHandler {
    /// Sets `number`'s handler (`SIG_DFL` for the default action), blocking no other signal while
    /// it runs, and returns the action it replaces.
    @discardableResult
    static func set(_ handler: (@convention(c) (Int32) -> Void)?, for number: Int32, flags: Int32 = 0) -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        var previous = sigaction()
        sigaction(number, &action, &previous)
        return previous
    }

    /// Stops the process as stop signal `number`'s default action does, and returns once it is
    /// continued, having run `continuing` while `number` is ignored; then puts back the handler
    /// found.
    ///
    /// The signal goes to the calling thread alone, blocked there until the default action is
    /// in place; unblocking it delivers it before that call returns, so the process stops right
    /// there, never once the handler is back. (Sent to the whole process, as `kill(getpid(), …)`
    /// sends it, another thread takes it when it likes: Dispatch's threads block it, the main
    /// thread waits with every signal open. Taken after the handler was back, it was caught as
    /// a new stop, again and again; taken in the instant before, it stopped the process after
    /// `continuing` had taken the terminal back.)
    ///
    /// A stop asked for while continuing is dropped, not a second stop: ignoring a signal
    /// discards it where it is pending. In an orphaned process group the kernel discards the
    /// stop, as it does for any job-control stop there, and this returns at once.
    static func stopProcess(by number: Int32, continuing: () -> Void) {
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &only, &mask)
        var handler = set(SIG_DFL, for: number)
        pthread_kill(pthread_self(), number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        // Continued. Until `number` is ignored a new stop signal stops the process again, which
        // is harmless: the terminal is still the shell's.
        pthread_sigmask(SIG_BLOCK, &only, nil)
        set(SIG_IGN, for: number)
        continuing()
        sigaction(number, &handler, nil)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
    }
}
