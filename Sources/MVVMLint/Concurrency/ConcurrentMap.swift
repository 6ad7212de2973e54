import Foundation

/// `transform` applied to every index below `count` on up to `jobs` threads, the results in index
/// order: the shape of parsing, reading and decoding many independent files.
func concurrentMap<T: Sendable>(count: Int, jobs: Int, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
    let results = IndexedResults<T>(count: count)
    let next = IndexDispenser()
    WorkerThreads.run(count: max(1, min(jobs, count))) { _ in
        while let index = next.take(below: count) {
            results.store(transform(index), at: index)
        }
    }
    return results.takeAll()
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

/// Results stored by index from several threads.
private final class IndexedResults<T: Sendable>: @unchecked Sendable {
    // `slots` is only touched while holding `lock`.
    private let lock = NSLock()
    private var slots: [T?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ result: T, at index: Int) {
        lock.withLock { slots[index] = result }
    }

    /// Takes every result in index order, once every index is stored, leaving none behind. The
    /// array has exactly their room: `compactMap` grew its result by doubling, up to twice the
    /// room for every file's facts.
    func takeAll() -> [T] {
        lock.withLock {
            let stored = slots
            slots = []
            return stored.map { result in
                guard let result else { preconditionFailure("an index was never stored") }
                return result
            }
        }
    }
}
