import Foundation
import HackerNewsModel
import MVVM
import Observation

/// The story list: fetches a list's ranking, then its stories a page at a time, in ranking order.
@MainActor
@Observable
public final class StoryListViewModel: StoryListViewModeling {
    /// The services the list uses for its whole life.
    public struct Dependencies {
        let client: any HackerNewsClient
        let clock: any ReaderClock

        /// Bundles the services.
        public init(client: any HackerNewsClient, clock: any ReaderClock) {
            self.client = client
            self.clock = clock
        }
    }

    /// What the list asks its owner to do.
    public enum ResponderAction: Equatable {
        /// Show this story.
        case openStory(Item)
    }

    public var list: StoryList {
        didSet {
            if list != oldValue {
                // Another list's rows are not worth keeping on screen while this one loads.
                loadFirstPage(keepingRows: false)
            }
        }
    }

    public private(set) var state: StoryListState<StoryRowViewModel> = .idle

    /// Stories per page.
    public let pageSize: Int

    private let dependencies: Dependencies
    private let responder: Responder<ResponderAction>
    private let tasks: TaskOwner
    // The list's full ranking, fetched with the first page; later pages are slices of it.
    private var ranking: [Int] = []
    // How many ranked ids have been asked for; rows can be fewer, since gone items are skipped.
    private var consumed = 0

    /// Creates the list; nothing loads until ``load()``.
    ///
    /// - Parameters:
    ///   - dependencies: The client and the clock.
    ///   - list: The list to show first.
    ///   - pageSize: Stories per page (at least 1).
    ///   - responder: Where opened stories go.
    ///   - tasks: Owns the loads; pass your own in tests to await them.
    public init(
        dependencies: Dependencies,
        list: StoryList = .top,
        pageSize: Int = 30,
        responder: Responder<ResponderAction>,
        tasks: TaskOwner = TaskOwner()
    ) {
        self.dependencies = dependencies
        self.list = list
        self.pageSize = max(1, pageSize)
        self.responder = responder
        self.tasks = tasks
    }

    public func load() {
        switch state {
        case .idle, .failed: refresh()
        case .loading, .loaded: break
        }
    }

    public func refresh() {
        loadFirstPage(keepingRows: true)
    }

    public func loadMore() {
        // A page loads when one is available, or again after a failed one.
        guard case .loaded(let rows, let more, let refresh) = state, refresh != .refreshing,
              more != .loading, more != .exhausted else { return }
        state = .loaded(rows: rows, more: .loading, refresh: refresh)
        let client = dependencies.client
        let ids = Array(ranking.dropFirst(consumed).prefix(pageSize))
        tasks.start(id: LoadID.nextPage) { [weak self] in
            // Each story ends by its own deadline; a failed one becomes a failed row.
            let stories = await client.itemOutcomes(ids: ids)
            guard !Task.isCancelled else { return }
            if let failure = stories.failureOfAll {
                self?.failPaging(failure)
            } else {
                self?.append(stories, consuming: ids.count)
            }
        }
    }

    private enum LoadID: Hashable, Sendable {
        case firstPage, nextPage
    }

    private func loadFirstPage(keepingRows: Bool) {
        tasks.cancel(id: LoadID.nextPage)
        if keepingRows, case .loaded(let rows, let more, _) = state {
            // The rows stay while fresh ones load; a page that was loading is dropped.
            state = .loaded(rows: rows, more: more == .loading ? .available : more, refresh: .refreshing)
        } else {
            state = .loading
        }
        let client = dependencies.client, list = list, pageSize = pageSize
        tasks.start(id: LoadID.firstPage) { [weak self] in
            do {
                let ranking = try await client.storyIDs(in: list)
                let stories = await client.itemOutcomes(ids: Array(ranking.prefix(pageSize)))
                guard !Task.isCancelled else { return }
                if let failure = stories.failureOfAll {
                    throw failure
                }
                self?.showFirstPage(ranking: ranking, stories: stories)
            } catch {
                guard !Task.isCancelled else { return }
                self?.failFirstPage("Could not load \(list.title) stories: \(error)")
            }
        }
    }

    private func showFirstPage(ranking: [Int], stories: [ItemOutcome]) {
        self.ranking = ranking
        consumed = min(pageSize, ranking.count)
        state = .loaded(rows: makeRows(stories, after: 0), more: moreAfterConsumed, refresh: .current)
    }

    private func failFirstPage(_ message: String) {
        if case .loaded(let rows, let more, _) = state {
            state = .loaded(rows: rows, more: more, refresh: .failed(message: message))
        } else {
            state = .failed(message: message)
        }
    }

    private func append(_ stories: [ItemOutcome], consuming count: Int) {
        guard case .loaded(let rows, _, let refresh) = state else { return }
        consumed += count
        state = .loaded(rows: rows + makeRows(stories, after: rows.count), more: moreAfterConsumed, refresh: refresh)
    }

    private var moreAfterConsumed: MoreStories {
        consumed < ranking.count ? .available : .exhausted
    }

    private func failPaging(_ error: any Error) {
        guard case .loaded(let rows, _, let refresh) = state else { return }
        state = .loaded(rows: rows, more: .failed(message: "Could not load more stories: \(error)"), refresh: refresh)
    }

    // Stories the API has no item for are left out; one that failed keeps its place as a
    // failed row, so the user sees what is missing.
    private func makeRows(_ stories: [ItemOutcome], after count: Int) -> [StoryRowViewModel] {
        let now = dependencies.clock.now
        var rows: [StoryRowViewModel] = []
        for outcome in stories {
            let rank = count + rows.count + 1
            let responder = Responder<StoryRowViewModel.ResponderAction> { [weak self] action in
                self?.handle(action)
            }
            switch outcome {
            case .found(let story):
                rows.append(StoryRowViewModel(story: story, rank: rank, now: now, responder: responder))
            case .failed(let id, let message):
                rows.append(StoryRowViewModel(failedStory: id, failure: message, rank: rank, responder: responder))
            case .absent:
                break
            }
        }
        return rows
    }

    private func handle(_ action: StoryRowViewModel.ResponderAction) {
        switch action {
        case .open(let story): responder.send(.openStory(story))
        }
    }
}
