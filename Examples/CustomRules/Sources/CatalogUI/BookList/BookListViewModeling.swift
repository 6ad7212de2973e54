import Catalog
import Observation

/// What the book list shows, and the one thing it can ask for.
@MainActor
public protocol BookListViewModeling: Observable {
    /// The titles to list.
    var titles: [String] { get }
    /// Loads the books.
    func load()
}
