import MVVM
import Observation

/// The item list's view model: loads rows through an ``ItemFetching`` dependency and adds rows.
@MainActor
@Observable
public final class ItemListViewModel: ItemListViewModeling {
    /// What this view model needs from the model layer, created once and kept for its lifetime.
    public struct Dependencies {
        let itemFetcher: any ItemFetching

        /// Bundles the dependencies.
        public init(itemFetcher: any ItemFetching) {
            self.itemFetcher = itemFetcher
        }
    }

    public private(set) var items: [ListItem] = []
    public private(set) var loadState: ItemListLoadState = .idle

    private let dependencies: Dependencies
    private let tasks: TaskOwner

    /// Creates the view model. Nothing loads until ``load()``.
    ///
    /// - Parameters:
    ///   - dependencies: The model-layer services.
    ///   - tasks: Owns the load; pass your own in tests to await it.
    public init(dependencies: Dependencies, tasks: TaskOwner = TaskOwner()) {
        self.dependencies = dependencies
        self.tasks = tasks
    }

    public func load() {
        loadState = .loading
        let fetcher = dependencies.itemFetcher
        tasks.start(id: "load") { [weak self] in
            do {
                let items = try await fetcher.fetchItems()
                guard !Task.isCancelled else { return }
                self?.finishLoading(.success(items))
            } catch {
                guard !Task.isCancelled else { return }
                self?.finishLoading(.failure(error))
            }
        }
    }

    public func addRow() {
        let nextID = (items.map(\.id).max() ?? 0) + 1
        items.append(ListItem(id: nextID, name: "New Item \(nextID)"))
    }

    private func finishLoading(_ result: Result<[ListItem], any Error>) {
        switch result {
        case .success(let items):
            self.items = items
            loadState = .idle
        case .failure(let error):
            loadState = .failed(message: "Could not load the list: \(error)")
        }
    }
}
