import Observation

/// What the home screen needs: a title, and the item list's view model when the user opens it.
@MainActor
public protocol HomeViewModeling: Observable {
    /// The item list's view model type, kept abstract so the view stays generic.
    associatedtype SomeItemListViewModel: ItemListViewModeling

    /// The screen's title.
    var title: String { get }
    /// Makes a fresh view model for the item list screen.
    func makeItemListViewModel() -> SomeItemListViewModel
}
