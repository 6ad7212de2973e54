import Foundation

/// Hands files to the lint workers: the largest file left whenever the parse budget has room
/// for it, and otherwise the smallest.
///
/// A run's peak memory is set by the large files parsed at once, plus the facts gathered by
/// then. Large files start as soon as the budget lets them, beside the small files that fill
/// the other workers' time, so they are spread over the run instead of meeting at its end,
/// where the workers would either parse many of them at once or wait for each other. A worker
/// waits only when nothing but large files is left and the budget is full.
final class FileScheduler: @unchecked Sendable {
    /// The next file for a worker, and the budget it holds until its tree is dropped.
    struct Assignment: Equatable {
        var index: Int
        var held: Int
    }

    // `front` and `back` are only touched while holding `lock`.
    private let lock = NSLock()
    private let order: [Int]
    private let sizes: [Int]
    private let budget: ParseBudget
    private var front = 0
    private var back: Int

    /// A scheduler for files of the given sizes in bytes, within `budget`.
    init(sizes: [Int], budget: ParseBudget) {
        // Ties keep input order, so the schedule is the same every run.
        order = sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        self.sizes = sizes
        self.budget = budget
        back = order.count
    }

    /// The next file to lint, having taken its share of the budget (to be given back with
    /// ``ParseBudget/release(_:)``); `nil` when none is left.
    func take() -> Assignment? {
        let taken: (next: Assignment, waits: Bool)? = lock.withLock {
            guard front < back else { return nil }
            let largest = order[front]
            let weight = budget.weight(ofSize: sizes[largest])
            if budget.tryAcquire(weight) {
                front += 1
                return (Assignment(index: largest, held: weight), false)
            }
            let smallest = order[back - 1]
            if budget.weight(ofSize: sizes[smallest]) == 0 {
                back -= 1
                return (Assignment(index: smallest, held: 0), false)
            }
            // Only large files are left and the budget is full: this worker waits its turn,
            // outside the lock so the others can still be told there is nothing left.
            front += 1
            return (Assignment(index: largest, held: weight), true)
        }
        guard let taken else { return nil }
        if taken.waits {
            budget.acquire(taken.next.held)
        }
        return taken.next
    }
}
