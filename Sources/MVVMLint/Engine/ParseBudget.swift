import Foundation

/// Bounds how much source text the workers parse at once, counting only large files.
///
/// A syntax tree takes about twenty times its text's size, and up to about 120 times (a 50 MB
/// file peaked at 6 GB), so large files parsed side by side set a run's peak. A file larger than
/// ``threshold`` weighs its size (at most ``capacity``); the large files being parsed weigh at
/// most ``capacity`` together, and one alone always goes ahead. Smaller files weigh nothing.
final class ParseBudget: @unchecked Sendable {
    /// Files up to this size weigh nothing.
    static let threshold = 256 << 10
    /// What each worker adds to the capacity: with 16 workers, 6 MB of large files at once
    /// (about 120 MB of trees), so memory does not grow with a run's large files; with 2,
    /// 768 KB (two files under 384 KB, or one larger file, at a time).
    static let capacityPerWorker = 384 << 10

    /// The weight the large files being parsed may have together.
    let capacity: Int
    // `inUse` is only touched while holding `condition`.
    private let condition = NSCondition()
    private var inUse = 0

    /// A budget for `workers` workers parsing at once: ``capacityPerWorker`` each, at most the
    /// largest file a run reads (``FileDiscovery/sizeLimit``).
    init(workers: Int) {
        capacity = min(FileDiscovery.sizeLimit, max(1, workers) * Self.capacityPerWorker)
    }

    /// What a file of `size` bytes weighs.
    func weight(ofSize size: Int) -> Int {
        size > Self.threshold ? min(size, capacity) : 0
    }

    /// Takes `weight` if it fits now (or nothing is being parsed); `false` if it would have to wait.
    func tryAcquire(_ weight: Int) -> Bool {
        guard weight > 0 else { return true }
        condition.lock()
        defer { condition.unlock() }
        guard fits(weight) else { return false }
        inUse += weight
        return true
    }

    /// Waits until `weight` fits, then takes it.
    func acquire(_ weight: Int) {
        guard weight > 0 else { return }
        condition.lock()
        while !fits(weight) {
            condition.wait()
        }
        inUse += weight
        condition.unlock()
    }

    /// Whether `weight` may be taken now: nothing is being parsed, or it fits beside what is.
    /// Asked while holding `condition`.
    private func fits(_ weight: Int) -> Bool {
        inUse == 0 || inUse + weight <= capacity
    }

    /// Gives back what was taken.
    func release(_ weight: Int) {
        guard weight > 0 else { return }
        condition.lock()
        inUse -= weight
        condition.broadcast()
        condition.unlock()
    }
}
