import Observation

/// What the counter screen needs: the count as text and a way to add one.
@MainActor
public protocol CounterViewModeling: Observable {
    /// The count, formatted for display.
    var countText: String { get }
    /// Adds one to the shared count.
    func increment()
}
