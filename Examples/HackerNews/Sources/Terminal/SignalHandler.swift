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
}
