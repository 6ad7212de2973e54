import HackerNewsModel
import HackerNewsReader
import MVVM
import MVVMTesting
import Testing

@MainActor
struct StoryListViewModelTests {
    let tasks = TaskOwner()
    let parent = RecordingResponder<StoryListViewModel.ResponderAction>()

    func makeSUT(_ client: FakeClient, pageSize: Int = 2, list: StoryList = .top) -> StoryListViewModel {
        StoryListViewModel(
            dependencies: .init(client: client, clock: Fixtures.clock), list: list, pageSize: pageSize,
            responder: parent.responder, tasks: tasks
        )
    }

    /// The list for `client`, with its first page loaded.
    func loadedSUT(_ client: FakeClient, fileID: String = #fileID, line: Int = #line) async throws -> StoryListViewModel {
        let sut = makeSUT(client)
        sut.load()
        try await tasks.untilIdle(fileID: fileID, line: line)
        return sut
    }

    func rows(_ sut: StoryListViewModel) -> [String] {
        guard case .loaded(let rows, _, _) = sut.state else { return [] }
        return rows.map { "\($0.rank). \($0.title)" }
    }

    func refresh(_ sut: StoryListViewModel) -> RefreshState? {
        guard case .loaded(_, _, let refresh) = sut.state else { return nil }
        return refresh
    }

    func more(_ sut: StoryListViewModel) -> MoreStories? {
        guard case .loaded(_, let more, _) = sut.state else { return nil }
        return more
    }

    @Test func startsIdleWithoutAskingTheClient() {
        let client = Fixtures.client(stories: 3)
        let sut = makeSUT(client)
        guard case .idle = sut.state else { Issue.record("state \(sut.state)"); return }
        #expect(client.listRequests.isEmpty)
    }

    @Test func loadShowsLoadingThenTheFirstPageInRankingOrder() async throws {
        let client = FakeClient(lists: [.top: [30, 10, 20]], items: [10, 20, 30].map { Fixtures.story($0) })
        let sut = makeSUT(client)

        sut.load()
        guard case .loading = sut.state else { Issue.record("state \(sut.state)"); return }
        try await tasks.untilIdle()

        #expect(rows(sut) == ["1. Story 30", "2. Story 10"])
        #expect(more(sut) == .available)
        #expect(client.listRequests == [.top])
    }

    @Test func rowsCarryFootnotesAndCounts() async throws {
        let client = FakeClient(lists: [.top: [1]], items: [Fixtures.story(1, kids: [5, 6], score: 1)])
        let sut = try await loadedSUT(client)

        guard case .loaded(let rows, let more, _) = sut.state else { Issue.record("state \(sut.state)"); return }
        #expect(rows.map(\.footnote) == ["example.com · 1 hour ago · author1"])
        #expect(rows.map(\.counts) == ["1 point · 2 comments"])
        #expect(rows.map(\.id) == [1])
        #expect(more == .exhausted)
    }

    @Test func loadWhenLoadedOrLoadingAsksNothingMore() async throws {
        let client = Fixtures.client(stories: 3)
        let sut = makeSUT(client)
        sut.load()
        sut.load()
        try await tasks.untilIdle()
        sut.load()
        try await tasks.untilIdle()

        #expect(client.listRequests == [.top])
        #expect(rows(sut) == ["1. Story 1", "2. Story 2"])
    }

    @Test func failedLoadSaysWhyAndLoadTriesAgain() async throws {
        let client = Fixtures.client(stories: 3)
        client.fail(list: .top)
        let sut = makeSUT(client)

        sut.load()
        try await tasks.untilIdle()
        guard case .failed(let message) = sut.state else { Issue.record("state \(sut.state)"); return }
        #expect(message == "Could not load Top stories: offline")

        client.fail(list: .top, false)
        sut.load()
        try await tasks.untilIdle()
        #expect(rows(sut) == ["1. Story 1", "2. Story 2"])
    }

    @Test func aFailingStoryIsAFailedRowWhileTheOthersShow() async throws {
        let client = Fixtures.client(stories: 3)
        client.fail(item: 2)
        let sut = try await loadedSUT(client)
        #expect(rows(sut) == ["1. Story 1", "2. Story 2 could not be loaded"])
        guard case .loaded(let loaded, _, _) = sut.state else { Issue.record("state \(sut.state)"); return }
        #expect(loaded.map(\.failure) == [nil, "offline"])
        #expect(loaded[1].footnote == "offline")
        // A failed row has no story to open.
        loaded[1].open()
        #expect(parent.actions.isEmpty)
    }

    @Test func aPageWhoseStoriesAllFailFailsAsAWhole() async throws {
        let client = Fixtures.client(stories: 3)
        client.fail(item: 1)
        client.fail(item: 2)
        let sut = try await loadedSUT(client)
        guard case .failed(let message) = sut.state else { Issue.record("state \(sut.state)"); return }
        #expect(message == "Could not load Top stories: offline")
    }

    @Test func refreshReloadsFreshRankings() async throws {
        let client = Fixtures.client(stories: 3)
        let sut = try await loadedSUT(client)

        client.setRanking([3, 1], for: .top)
        sut.refresh()
        // The rows stay on screen while fresh ones load.
        #expect(refresh(sut) == .refreshing)
        #expect(rows(sut) == ["1. Story 1", "2. Story 2"])
        try await tasks.untilIdle()

        #expect(rows(sut) == ["1. Story 3", "2. Story 1"])
        #expect(more(sut) == .exhausted)
        #expect(refresh(sut) == .current)
        #expect(client.listRequests == [.top, .top])
    }

    @Test func aFailedRefreshKeepsTheRowsWithTheReasonAndCanBeRetried() async throws {
        let client = Fixtures.client(stories: 3)
        let sut = try await loadedSUT(client)

        client.fail(list: .top)
        sut.refresh()
        try await tasks.untilIdle()
        #expect(refresh(sut) == .failed(message: "Could not load Top stories: offline"))
        #expect(rows(sut) == ["1. Story 1", "2. Story 2"])
        #expect(more(sut) == .available)

        client.fail(list: .top, false)
        client.setRanking([2, 3], for: .top)
        sut.refresh()
        try await tasks.untilIdle()
        #expect(refresh(sut) == .current)
        #expect(rows(sut) == ["1. Story 2", "2. Story 3"])
    }

    @Test func noPageLoadsWhileRefreshing() async throws {
        let client = Fixtures.client(stories: 4)
        let sut = try await loadedSUT(client)

        sut.refresh()
        sut.loadMore()
        #expect(more(sut) == .available)
        try await tasks.untilIdle()
        #expect(rows(sut) == ["1. Story 1", "2. Story 2"])
        // Only the two refreshed stories were asked for again; no third story was.
        #expect(client.itemRequests.sorted() == [1, 1, 2, 2])
    }

    @Test func loadMoreAppendsTheNextPageUntilTheListEnds() async throws {
        let client = Fixtures.client(stories: 5)
        let sut = try await loadedSUT(client)

        sut.loadMore()
        #expect(more(sut) == .loading)
        try await tasks.untilIdle()
        #expect(rows(sut) == ["1. Story 1", "2. Story 2", "3. Story 3", "4. Story 4"])
        #expect(more(sut) == .available)

        sut.loadMore()
        try await tasks.untilIdle()
        #expect(rows(sut).last == "5. Story 5")
        #expect(more(sut) == .exhausted)

        sut.loadMore()
        try await tasks.untilIdle()
        // Each story asked for once; the requests of a page run together, in any order.
        #expect(client.itemRequests.sorted() == [1, 2, 3, 4, 5])
    }

    @Test func loadMoreSkipsRankedStoriesThatAreGoneWithoutAskingForThemTwice() async throws {
        // Story 3 is ranked but the API answers `null` for it.
        let client = FakeClient(lists: [.top: [1, 2, 3, 4, 5]], items: [1, 2, 4, 5].map { Fixtures.story($0) })
        let sut = try await loadedSUT(client)
        sut.loadMore()
        try await tasks.untilIdle()
        sut.loadMore()
        try await tasks.untilIdle()

        #expect(rows(sut) == ["1. Story 1", "2. Story 2", "3. Story 4", "4. Story 5"])
        // Each story asked for once; the requests of a page run together, in any order.
        #expect(client.itemRequests.sorted() == [1, 2, 3, 4, 5])
        #expect(more(sut) == .exhausted)
    }

    @Test func failedPageKeepsTheRowsAndCanBeRetried() async throws {
        let client = Fixtures.client(stories: 4)
        let sut = try await loadedSUT(client)

        client.fail(item: 3)
        client.fail(item: 4)
        sut.loadMore()
        try await tasks.untilIdle()
        #expect(more(sut) == .failed(message: "Could not load more stories: offline"))
        #expect(rows(sut) == ["1. Story 1", "2. Story 2"])

        client.fail(item: 3, false)
        client.fail(item: 4, false)
        sut.loadMore()
        try await tasks.untilIdle()
        #expect(rows(sut).count == 4)
    }

    @Test func loadMoreBeforeAnyRowsDoesNothing() async throws {
        let client = Fixtures.client(stories: 4)
        let sut = makeSUT(client)
        sut.loadMore()
        try await tasks.untilIdle()
        guard case .idle = sut.state else { Issue.record("state \(sut.state)"); return }
        #expect(client.itemRequests.isEmpty)
    }

    @Test func refreshDuringLoadMoreDropsThePage() async throws {
        let client = Fixtures.client(stories: 4)
        let sut = try await loadedSUT(client)

        sut.loadMore()
        sut.refresh()
        try await tasks.untilIdle()
        #expect(rows(sut) == ["1. Story 1", "2. Story 2"])
        #expect(more(sut) == .available)
    }

    @Test func switchingTheListLoadsIt() async throws {
        let client = Fixtures.client(stories: 3)
        client.setRanking([2], for: .ask)
        let sut = try await loadedSUT(client)

        sut.list = .ask
        // The top list's rows do not stay on screen under the new list's name.
        guard case .loading = sut.state else { Issue.record("state \(sut.state)"); return }
        try await tasks.untilIdle()
        #expect(rows(sut) == ["1. Story 2"])

        sut.list = .ask
        try await tasks.untilIdle()
        #expect(client.listRequests == [.top, .ask])
    }

    @Test func openingARowSendsTheStoryUp() async throws {
        let client = Fixtures.client(stories: 2)
        let sut = try await loadedSUT(client)
        guard case .loaded(let rows, _, _) = sut.state else { Issue.record("state \(sut.state)"); return }

        rows[1].open()

        #expect(parent.actions == [.openStory(Fixtures.story(2))])
    }

    @Test func pageSizeIsAtLeastOne() {
        #expect(makeSUT(Fixtures.client(stories: 1), pageSize: 0).pageSize == 1)
    }
}
