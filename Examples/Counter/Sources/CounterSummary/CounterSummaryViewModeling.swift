import Observation

/// What the summary screen needs: a sentence about the shared count and a reset that is only
/// offered when there is something to reset.
@MainActor
public protocol CounterSummaryViewModeling: Observable {
    /// Describes the count.
    var summary: String { get }
    /// Whether ``reset()`` would change anything.
    var canReset: Bool { get }
    /// Sets the shared count back to zero.
    func reset()
}
