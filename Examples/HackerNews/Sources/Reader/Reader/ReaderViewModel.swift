import Foundation
import HackerNewsModel
import MVVM
import Observation

/// The reader's root view model. It owns navigation: stories opened in the list arrive here as
/// responder actions and become the open story; links opened in a story are opened here.
@MainActor
@Observable
public final class ReaderViewModel: ReaderViewModeling {
    public let storyList: StoryListViewModel
    public var openStory: StoryViewModel?

    private let dependencyProvider: any DependencyProviding

    /// Creates the root and its story list.
    ///
    /// - Parameters:
    ///   - dependencyProvider: Makes the screens and opens links.
    ///   - list: The list to show first.
    public init(dependencyProvider: any DependencyProviding, list: StoryList = .top) {
        // The list's responder needs `self`, which cannot be captured before every property is set.
        let owner = WeakOwner()
        self.dependencyProvider = dependencyProvider
        storyList = dependencyProvider.makeStoryListViewModel(list: list, responder: Responder { action in
            owner.reader?.handle(action)
        })
        owner.reader = self
    }

    public func closeStory() {
        openStory = nil
    }

    private func handle(_ action: StoryListViewModel.ResponderAction) {
        switch action {
        case .openStory(let story):
            openStory = dependencyProvider.makeStoryViewModel(story: story, responder: Responder { [weak self] action in
                self?.handle(action)
            })
        }
    }

    @MainActor
    private final class WeakOwner {
        weak var reader: ReaderViewModel?
    }

    private func handle(_ action: StoryViewModel.ResponderAction) {
        switch action {
        case .openLink(let url):
            dependencyProvider.linkOpener.open(url)
        }
    }
}

extension ReaderViewModel {
    /// What the root needs from the app: its screens, made on demand, and a way to open links.
    @MainActor
    public protocol DependencyProviding {
        /// Opens links outside the reader.
        var linkOpener: any LinkOpening { get }
        /// Makes the story list's view model.
        func makeStoryListViewModel(
            list: StoryList,
            responder: Responder<StoryListViewModel.ResponderAction>
        ) -> StoryListViewModel
        /// Makes a story screen's view model.
        func makeStoryViewModel(story: Item, responder: Responder<StoryViewModel.ResponderAction>) -> StoryViewModel
    }

    /// The app's provider: one client and clock shared by every screen.
    public struct DependencyProvider: DependencyProviding {
        public let linkOpener: any LinkOpening
        private let client: any HackerNewsClient
        private let clock: any ReaderClock
        private let pageSize: Int

        /// Creates the provider.
        ///
        /// - Parameters:
        ///   - client: Where stories come from.
        ///   - clock: The time footnotes are measured to.
        ///   - linkOpener: Opens story links.
        ///   - pageSize: Stories per page of a list.
        public init(client: any HackerNewsClient, clock: any ReaderClock, linkOpener: any LinkOpening, pageSize: Int = 30) {
            self.client = client
            self.clock = clock
            self.linkOpener = linkOpener
            self.pageSize = pageSize
        }

        public func makeStoryListViewModel(
            list: StoryList,
            responder: Responder<StoryListViewModel.ResponderAction>
        ) -> StoryListViewModel {
            StoryListViewModel(
                dependencies: .init(client: client, clock: clock),
                list: list,
                pageSize: pageSize,
                responder: responder
            )
        }

        public func makeStoryViewModel(story: Item, responder: Responder<StoryViewModel.ResponderAction>) -> StoryViewModel {
            StoryViewModel(dependencies: .init(client: client, clock: clock), story: story, responder: responder)
        }
    }
}
