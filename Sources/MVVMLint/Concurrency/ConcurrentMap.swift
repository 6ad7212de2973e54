import Foundation

/// `transform` applied to every index below `count` on up to `jobs` threads, the results in index
/// order: the shape of parsing, reading and decoding many independent files.
///
/// Each worker writes its results straight into the array returned, so the results never exist
/// twice: a run's facts, decoded for every file, are the largest array it makes.
func concurrentMap<T: Sendable>(count: Int, jobs: Int, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
    guard count > 0 else { return [] }
    return [T](unsafeUninitializedCapacity: count) { buffer, initializedCount in
        let slots = ResultSlots(buffer)
        let next = IndexDispenser()
        WorkerThreads.run(count: max(1, min(jobs, count))) { _ in
            while let index = next.take(below: count) {
                slots.initialize(index, to: transform(index))
            }
        }
        // `run` returns once every worker has ended, and the dispenser handed out each index
        // exactly once: every slot is initialised.
        initializedCount = count
    }
}

/// Like ``concurrentMap(count:jobs:_:)`` when there are at least `minimum` items to share and
/// more than one job; else `transform` of each index on this thread, which for a few items costs
/// less than starting threads.
func sharedMap<T: Sendable>(count: Int, jobs: Int, minimum: Int = 256, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
    jobs > 1 && count >= minimum ? concurrentMap(count: count, jobs: jobs, transform) : (0..<count).map(transform)
}

/// `transform` of each element of `elements`, on up to `jobs` threads a block of `blockSize` at
/// a time, each block's elements and results handed to `take` in order before the next block is
/// made: for work over more elements than should be held at once (every type of a project).
func sharedMap<Element: Sendable, T: Sendable>(
    _ elements: some Sequence<Element>, jobs: Int, blockSize: Int = 4096,
    _ transform: @escaping @Sendable (Element) -> T, into take: ([Element], [T]) -> Void
) {
    var block: [Element] = []
    func handOver() {
        let elements = block
        block.removeAll(keepingCapacity: true)
        take(elements, sharedMap(count: elements.count, jobs: jobs) { transform(elements[$0]) })
    }
    for element in elements {
        block.append(element)
        if block.count == blockSize { handOver() }
    }
    if !block.isEmpty { handOver() }
}

/// Hands out file indices to workers.
final class IndexDispenser: @unchecked Sendable {
    // `next` is only touched while holding `lock`.
    private let lock = NSLock()
    private var next = 0

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard next < limit else { return nil }
            defer { next += 1 }
            return next
        }
    }
}

/// The room of the array ``concurrentMap(count:jobs:_:)`` returns, shared by its workers: each
/// index is handed to one worker, which alone initialises that slot, and the array is read only
/// after every worker has been joined.
private struct ResultSlots<T: Sendable>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<T>
    private let count: Int

    init(_ buffer: UnsafeMutableBufferPointer<T>) {
        guard let base = buffer.baseAddress else { preconditionFailure("no room for the results") }
        self.base = base
        count = buffer.count
    }

    func initialize(_ index: Int, to result: consuming T) {
        precondition(index >= 0 && index < count, "a result outside the array")
        (base + index).initialize(to: result)
    }
}
