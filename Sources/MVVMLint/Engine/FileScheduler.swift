import Foundation

/// Hands files to the lint workers: the first worker takes them largest first, the others
/// smallest first, until the two ends meet.
///
/// A syntax tree takes about thirty times its file's size, so a run's peak memory is set by the
/// largest files parsed at once, plus the facts gathered by then. Taking the largest first puts
/// their trees at the start of the run, when few facts are held. Giving them all to one worker
/// means no two of them are parsed at once, and each reuses the memory the one before it freed:
/// the C allocator keeps memory per thread, so a large tree freed on one thread does not make
/// room for a large tree on another. The ends meet at a middling file, so no worker is left
/// with a large file at the end while the others wait.
final class FileScheduler: @unchecked Sendable {
    // `front` and `back` are only touched while holding `lock`.
    private let lock = NSLock()
    private let order: [Int]
    private var front = 0
    private var back: Int

    /// A scheduler for files of the given sizes in bytes.
    init(sizes: [Int]) {
        // Ties keep input order, so the schedule is the same every run.
        order = sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
        back = order.count
    }

    /// The next file for `worker` to lint, or `nil` when none is left.
    func take(worker: Int) -> Int? {
        lock.withLock {
            guard front < back else { return nil }
            if worker == 0 {
                front += 1
                return order[front - 1]
            }
            back -= 1
            return order[back]
        }
    }
}
