#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Frees a large value on a thread of its own. Freeing the facts of tens of thousands of files
/// is millions of small blocks, a noticeable serial share of a run on many cores; nothing waits
/// for it, and a process that exits first leaves it to the system.
enum DeferredRelease {
    /// Takes `value` and frees it on a detached thread (here, when no thread can be made).
    static func release<T: Sendable>(_ value: consuming T) {
        let box = Unmanaged.passRetained(Box(value))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
        var thread: pthread_t?
        let status = pthread_create(&thread, &attributes, { raw in
            Unmanaged<AnyObject>.fromOpaque(raw).release()
            return nil
        }, box.toOpaque())
        #else
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { raw in
            if let raw {
                Unmanaged<AnyObject>.fromOpaque(raw).release()
            }
            return nil
        }, box.toOpaque())
        #endif
        if status != 0 {
            box.release()
        }
    }

    private final class Box<T> {
        let value: T

        init(_ value: consuming T) {
            self.value = value
        }
    }
}
