import Observation

/// The reader's root: the story list, and the story open on top of it.
@MainActor
public protocol ReaderViewModeling: Observable {
    /// The story list's view model type.
    associatedtype SomeStoryListViewModel: StoryListViewModeling
    /// The story screen's view model type.
    associatedtype SomeStoryViewModel: StoryViewModeling

    /// The story list, made once and kept.
    var storyList: SomeStoryListViewModel { get }
    /// The story shown over the list.
    var openStory: SomeStoryViewModel? { get }
    /// The list shown and the id of the story open over it. Settable because navigation binds
    /// to it: going back in a navigation stack clears its story.
    var route: ReaderRoute { get set }
    /// Why the story a route named could not be opened, for the user.
    var openFailure: String? { get }
    /// Goes back from the open story to the list.
    func closeStory()
}
