import Observation

/// The app-wide count: shared state that several screens show and change.
///
/// It is a model-layer object, created once by the app root and injected into every view model
/// that needs it, instead of a singleton or an environment object read by views. Because it is
/// observable, a view model that reads `count` in a computed output is invalidated when any
/// screen changes it.
@MainActor
public protocol CounterServing: AnyObject, Observable {
    /// The current count.
    var count: Int { get }
    /// Adds one.
    func increment()
    /// Sets the count back to zero.
    func reset()
}

/// The app's counter, kept in memory.
@MainActor
@Observable
public final class CounterService: CounterServing {
    public private(set) var count: Int

    /// Creates a counter starting at `count`.
    public init(count: Int = 0) {
        self.count = count
    }

    public func increment() {
        count += 1
    }

    public func reset() {
        count = 0
    }
}
