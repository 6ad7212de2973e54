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
    /// The story shown over the list. Settable because navigation binds to it: going back in a
    /// navigation stack sets it to `nil`.
    var openStory: SomeStoryViewModel? { get set }
    /// Goes back from the open story to the list.
    func closeStory()
}
