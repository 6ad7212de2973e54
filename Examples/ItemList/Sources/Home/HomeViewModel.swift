import Observation

/// The home screen's view model. It makes the item list's view model through its dependency
/// provider each time the user navigates there.
@MainActor
@Observable
public final class HomeViewModel: HomeViewModeling {
    public let title: String

    private let dependencyProvider: any DependencyProviding

    /// Creates the view model.
    ///
    /// - Parameters:
    ///   - dependencyProvider: Makes child view models and holds shared services.
    ///   - title: The screen's title.
    public init(dependencyProvider: any DependencyProviding, title: String = "Home") {
        self.dependencyProvider = dependencyProvider
        self.title = title
    }

    public func makeItemListViewModel() -> ItemListViewModel {
        dependencyProvider.makeItemListViewModel()
    }
}

extension HomeViewModel {
    /// What the home view model needs from the app: fresh child view models on demand.
    @MainActor
    public protocol DependencyProviding {
        /// Makes a new view model for the item list screen.
        func makeItemListViewModel() -> ItemListViewModel
    }

    /// The app's provider. It passes its own long-lived services down into each child.
    public struct DependencyProvider: DependencyProviding {
        private let itemFetcher: any ItemFetching

        /// Creates the provider with the services children share.
        public init(itemFetcher: any ItemFetching) {
            self.itemFetcher = itemFetcher
        }

        public func makeItemListViewModel() -> ItemListViewModel {
            ItemListViewModel(dependencies: .init(itemFetcher: itemFetcher))
        }
    }
}
