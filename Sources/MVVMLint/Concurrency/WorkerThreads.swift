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
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, stackSize)
            let work = Unmanaged.passRetained(Work { body(worker) })
            #if canImport(Darwin)
            var thread: pthread_t?
            let status = pthread_create(&thread, &attributes, { raw in
                Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, work.toOpaque())
            if status == 0, let thread {
                started.append(thread)
                continue
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
                started.append(thread)
                continue
            }
            #endif
            work.release()
            notStarted.append(worker)
        }
        for thread in started {
            pthread_join(thread, nil)
        }
        for worker in notStarted {
            body(worker)
        }
    }

    /// A worker's job, handed to its thread through an opaque pointer.
    private final class Work {
        let body: () -> Void

        init(_ body: @escaping () -> Void) {
            self.body = body
        }
    }
}
