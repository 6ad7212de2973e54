import Observation

/// The counter screen's view model. It owns no count: it shows and changes the shared one.
@MainActor
@Observable
public final class CounterViewModel: CounterViewModeling {
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

    public var countText: String {
        dependencies.counter.count == 1 ? "1 tap" : "\(dependencies.counter.count) taps"
    }

    public func increment() {
        dependencies.counter.increment()
    }
}
