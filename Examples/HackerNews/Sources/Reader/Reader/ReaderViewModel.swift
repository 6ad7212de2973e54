import Foundation
import HackerNewsModel
import MVVM
import Observation

/// The reader's root view model. It owns navigation: stories opened in the list arrive here as
/// responder actions and become the open story; links opened in a story are opened here. Its
/// screens can also be built from a ``ReaderRoute``, and ``route`` says which it shows.
@MainActor
@Observable
public final class ReaderViewModel: ReaderViewModeling {
    public let storyList: StoryListViewModel
    public private(set) var openStory: StoryViewModel? {
        didSet {
            if openStory != nil || oldValue != nil {
                // Navigation moved on; a story the route asked for no longer matters.
                tasks.cancel(id: LoadID.routeStory)
                pendingStoryID = nil
                openFailure = nil
            }
        }
    }

    /// Why the story a route named could not be opened, for the user; `nil` otherwise.
    public private(set) var openFailure: String?

    // The story a route named, while it is fetched.
    private var pendingStoryID: Int?
    private let dependencyProvider: any DependencyProviding
    private let tasks: TaskOwner

    /// Creates the root and its story list, and opens the story `route` names over it.
    ///
    /// - Parameters:
    ///   - dependencyProvider: Makes the screens, fetches a route's story and opens links.
    ///   - route: Where to start: the list, and the story open over it.
    ///   - tasks: Owns the fetch of a route's story; pass your own in tests to await it.
    public init(
        dependencyProvider: any DependencyProviding,
        route: ReaderRoute = ReaderRoute(),
        tasks: TaskOwner = TaskOwner()
    ) {
        // The list's responder needs `self`, which cannot be captured before every property is set.
        let owner = WeakOwner()
        self.dependencyProvider = dependencyProvider
        self.tasks = tasks
        storyList = dependencyProvider.makeStoryListViewModel(list: route.list, responder: Responder { action in
            owner.reader?.handle(action)
        })
        owner.reader = self
        show(storyID: route.storyID)
    }

    /// Creates the root showing `list`, with no story open.
    public convenience init(dependencyProvider: any DependencyProviding, list: StoryList) {
        self.init(dependencyProvider: dependencyProvider, route: ReaderRoute(list: list))
    }

    /// The list shown and the story open over it (or being fetched for a route). Setting it
    /// shows that list and opens that story, fetching it by id; navigation binds to it.
    public var route: ReaderRoute {
        get {
            ReaderRoute(list: storyList.list, storyID: openStory?.story.id ?? pendingStoryID)
        }
        set {
            if storyList.list != newValue.list {
                storyList.list = newValue.list
            }
            show(storyID: newValue.storyID)
        }
    }

    public func closeStory() {
        route.storyID = nil
    }

    private enum LoadID: Hashable, Sendable {
        case routeStory
    }

    private func show(storyID: Int?) {
        guard let storyID else {
            openStory = nil
            tasks.cancel(id: LoadID.routeStory)
            pendingStoryID = nil
            openFailure = nil
            return
        }
        guard storyID != openStory?.story.id, storyID != pendingStoryID else { return }
        openStory = nil
        pendingStoryID = storyID
        openFailure = nil
        let provider = dependencyProvider
        tasks.start(id: LoadID.routeStory) { [weak self] in
            do {
                let story = try await provider.story(id: storyID)
                guard !Task.isCancelled else { return }
                if let story {
                    self?.open(story)
                } else {
                    self?.failOpening("Hacker News has no item \(storyID).")
                }
            } catch {
                guard !Task.isCancelled else { return }
                self?.failOpening("Could not load item \(storyID): \(error)")
            }
        }
    }

    private func failOpening(_ message: String) {
        pendingStoryID = nil
        openFailure = message
    }

    private func open(_ story: Item) {
        openStory = dependencyProvider.makeStoryViewModel(story: story, responder: Responder { [weak self] action in
            self?.handle(action)
        })
    }

    private func handle(_ action: StoryListViewModel.ResponderAction) {
        switch action {
        case .openStory(let story):
            open(story)
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
        /// Fetches the story a route names, or `nil` when there is no item with that id.
        func story(id: Int) async throws -> Item?
    }

    /// The app's provider: one client and clock shared by every screen.
    ///
    /// Each screen gets its own task owner from `makeTaskOwner`, so its work ends when the screen
    /// goes away. A test passes `{ test.tasks }` instead: then the work of every screen the root
    /// makes runs in the test's one owner, which a single `untilIdle` awaits and a single end
    /// check inspects.
    public struct DependencyProvider: DependencyProviding {
        public let linkOpener: any LinkOpening
        private let client: any HackerNewsClient
        private let clock: any ReaderClock
        private let pageSize: Int
        private let makeTaskOwner: @MainActor () -> TaskOwner

        /// Creates the provider.
        ///
        /// - Parameters:
        ///   - client: Where stories come from.
        ///   - clock: The time footnotes are measured to.
        ///   - linkOpener: Opens story links.
        ///   - pageSize: Stories per page of a list.
        ///   - makeTaskOwner: Gives each screen made the owner of its work; a new one each time
        ///     unless a test shares its own.
        public init(
            client: any HackerNewsClient,
            clock: any ReaderClock,
            linkOpener: any LinkOpening,
            pageSize: Int = 30,
            makeTaskOwner: @escaping @MainActor () -> TaskOwner = { TaskOwner() }
        ) {
            self.client = client
            self.clock = clock
            self.linkOpener = linkOpener
            self.pageSize = pageSize
            self.makeTaskOwner = makeTaskOwner
        }

        public func makeStoryListViewModel(
            list: StoryList,
            responder: Responder<StoryListViewModel.ResponderAction>
        ) -> StoryListViewModel {
            StoryListViewModel(
                dependencies: .init(client: client, clock: clock),
                list: list,
                pageSize: pageSize,
                responder: responder,
                tasks: makeTaskOwner()
            )
        }

        public func makeStoryViewModel(story: Item, responder: Responder<StoryViewModel.ResponderAction>) -> StoryViewModel {
            StoryViewModel(dependencies: .init(client: client, clock: clock), story: story, responder: responder, tasks: makeTaskOwner())
        }

        public func story(id: Int) async throws -> Item? {
            try await client.item(id: id)
        }
    }
}
