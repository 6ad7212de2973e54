/// Frees a large value on a thread of its own. Freeing the facts of tens of thousands of files
/// is millions of small blocks, a noticeable serial share of a run on many cores; nothing waits
/// for it, and a process that exits first leaves it to the system.
enum DeferredRelease {
    /// Takes `value` and frees it on a detached thread (here, when no thread can be made).
    static func release<T: Sendable>(_ value: consuming T) {
        // Freeing walks no deep structure: the system's usual stack does.
        _ = WorkerThreads.start(stackSize: 8 << 20, detached: true) { [box = Box(value)] in _ = box }
    }

    private final class Box<T> {
        let value: T

        init(_ value: consuming T) {
            self.value = value
        }
    }
}
