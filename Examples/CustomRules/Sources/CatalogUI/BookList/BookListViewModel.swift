import Catalog
import MVVM
import Observation

/// The book list's view model: loads the catalog through the repository it is given.
@MainActor
@Observable
public final class BookListViewModel: BookListViewModeling {
    /// The services this view model uses.
    public struct Dependencies {
        let books: any BookRepository

        /// Bundles the dependencies.
        public init(books: any BookRepository) {
            self.books = books
        }
    }

    public private(set) var titles: [String] = []
    private let dependencies: Dependencies
    private let tasks: TaskOwner

    /// Creates the view model; `tasks` owns the loading, so a test can wait for it.
    public init(dependencies: Dependencies, tasks: TaskOwner = TaskOwner()) {
        self.dependencies = dependencies
        self.tasks = tasks
    }

    public func load() {
        tasks.start(id: "load") { [weak self, books = dependencies.books] in
            let loaded = (try? await books.books()) ?? []
            self?.titles = loaded.map(\.title)
        }
    }
}
