import Observation

/// The summary screen's view model: a second screen over the same shared counter, so a tap on
/// the counter screen shows here without either screen knowing the other.
@MainActor
@Observable
public final class CounterSummaryViewModel: CounterSummaryViewModeling {
    /// The shared services this view model uses.
    public struct Dependencies {
        let counter: any CounterServing

        /// Bundles the dependencies.
        public init(counter: any CounterServing) {
            self.counter = counter
        }
    }

    private let dependencies: Dependencies

    /// Creates the view model over the shared counter.
    public init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    public var summary: String {
        let count = dependencies.counter.count
        if count == 0 {
            return "Nothing counted yet."
        }
        return "The count is \(count), an \(count.isMultiple(of: 2) ? "even" : "odd") number."
    }

    public var canReset: Bool {
        dependencies.counter.count != 0
    }

    public func reset() {
        dependencies.counter.reset()
    }
}
