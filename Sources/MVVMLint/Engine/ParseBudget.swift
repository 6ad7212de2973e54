import Foundation

/// Bounds how much source text the workers parse at once, counting only large files.
///
/// A syntax tree takes up to about 120 times its text's size (a 50 MB file peaked at 6 GB), so
/// two large files parsed side by side could take twice what one does. A file larger than
/// ``threshold`` waits until the large files already being parsed leave room for it within
/// ``capacity``; one alone always goes ahead. Smaller files never wait.
final class ParseBudget: @unchecked Sendable {
    /// Files up to this size are not counted.
    static let threshold = 1 << 20
    /// The text of large files parsed at once: the largest file a run parses
    /// (``FileDiscovery/sizeLimit``), so at most about one such tree is in memory.
    static let capacity = FileDiscovery.sizeLimit

    // `inUse` is only touched while holding `condition`.
    private let condition = NSCondition()
    private var inUse = 0

    /// Waits until a file of `size` bytes may be parsed; returns what to give back to
    /// ``release(_:)`` when its tree is gone (0 for a small file).
    func acquire(_ size: Int) -> Int {
        guard size > Self.threshold else { return 0 }
        let weight = min(size, Self.capacity)
        condition.lock()
        while inUse > 0 && inUse + weight > Self.capacity {
            condition.wait()
        }
        inUse += weight
        condition.unlock()
        return weight
    }

    /// Gives back what ``acquire(_:)`` returned.
    func release(_ weight: Int) {
        guard weight > 0 else { return }
        condition.lock()
        inUse -= weight
        condition.broadcast()
        condition.unlock()
    }
}
