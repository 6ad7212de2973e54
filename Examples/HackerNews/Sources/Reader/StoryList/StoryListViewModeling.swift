import HackerNewsModel
import Observation

/// What the story list screen needs: which list, its rows or why there are none, and the intents
/// to load, refresh and page.
@MainActor
public protocol StoryListViewModeling: Observable {
    /// The rows' view model type.
    associatedtype SomeStoryRowViewModel: StoryRowViewModeling

    /// The list shown. Settable because the list picker binds to it; changing it loads the new list.
    var list: StoryList { get set }
    /// The list's state.
    var state: StoryListState<SomeStoryRowViewModel> { get }
    /// Loads the first page unless it is loaded or loading: the screen calls it when it appears.
    func load()
    /// Loads the first page again, from fresh rankings. Rows already showing stay, marked as
    /// refreshing, until the fresh ones replace them; if that fails they stay, with the reason.
    func refresh()
    /// Loads the next page, when there is one and none is loading.
    func loadMore()
}
