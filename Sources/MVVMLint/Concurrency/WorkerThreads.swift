#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Threads this process makes itself, each with a stack of a known size, for the work that
/// recurses over syntax trees: swift-syntax's parser and visitors use the thread's stack for
/// every level of nesting, and the threads of a dispatch queue (or Swift concurrency) get
/// whatever the platform gives them (512 KiB on some). The depth limits of ``SourceScreen`` and
/// ``SyntaxDepth`` are chosen for this size.
enum WorkerThreads {
    /// The stack of each worker: room for the deepest tree the limits let through, in a debug
    /// build, several times over. Only the pages a thread touches take memory.
    static let stackSize = 256 << 20

    /// Runs `body(worker)` for each worker index below `count`, each on a new thread with a
    /// stack of `stackSize` bytes, and returns when all have finished. A worker whose thread
    /// cannot be made runs on the calling thread after the others.
    static func run(count: Int, stackSize: Int = stackSize, _ body: @escaping @Sendable (Int) -> Void) {
        var started: [pthread_t] = []
        var notStarted: [Int] = []
        for worker in 0..<count {
            if let thread = start(stackSize: stackSize, detached: false, { body(worker) }) {
                started.append(thread)
            } else {
                notStarted.append(worker)
            }
        }
        join(started)
        for worker in notStarted {
            body(worker)
        }
    }

    /// Waits for each of `threads` (started not detached) to end.
    static func join(_ threads: [pthread_t]) {
        for thread in threads {
            pthread_join(thread, nil)
        }
    }

    /// Starts a thread with a stack of `stackSize` bytes running `body`; `nil` if none can be
    /// made. A detached thread is never joined: its resources go when it ends.
    static func start(stackSize: Int, detached: Bool, _ body: @escaping () -> Void) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        if detached {
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        }
        let work = Unmanaged.passRetained(Work(body))
        #if canImport(Darwin)
        var thread: pthread_t?
        let status = pthread_create(&thread, &attributes, { raw in
            Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, work.toOpaque())
        if status == 0, let thread {
            return thread
        }
        #else
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { raw in
            if let raw {
                Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
            }
            return nil
        }, work.toOpaque())
        if status == 0 {
            return thread
        }
        #endif
        work.release()
        return nil
    }

    /// A worker's job, handed to its thread through an opaque pointer.
    private final class Work {
        let body: () -> Void

        init(_ body: @escaping () -> Void) {
            self.body = body
        }
    }
}
