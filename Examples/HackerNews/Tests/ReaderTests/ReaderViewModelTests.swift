import Foundation
import HackerNewsModel
import HackerNewsReader
import MVVM
import MVVMTesting
import Testing

@MainActor
struct ReaderViewModelTests {
    let linkOpener = RecordingLinkOpener()

    func firstRow(of list: StoryListViewModel) -> StoryRowViewModel? {
        guard case .loaded(let rows, _, _) = list.state else { return nil }
        return rows.first
    }

    @Test func makesTheStoryListOnceForTheListAsked() {
        let provider = MockReaderViewModelDependencyProvider(client: Fixtures.client(stories: 2), linkOpener: linkOpener)
        let sut = ReaderViewModel(dependencyProvider: provider, list: .best)
        #expect(sut.storyList.list == .best)
        #expect(provider.makeStoryListViewModelStub.callCount == 1)
        #expect(sut.openStory == nil)
    }

    @Test func openingAStoryInTheListOpensItsScreen() async throws {
        let provider = MockReaderViewModelDependencyProvider(client: Fixtures.client(stories: 2), linkOpener: linkOpener)
        let sut = ReaderViewModel(dependencyProvider: provider)
        sut.storyList.load()
        try await provider.tasks.untilIdle()

        try #require(firstRow(of: sut.storyList)).open()

        #expect(provider.makeStoryViewModelStub.calls == [Fixtures.story(1)])
        #expect(sut.openStory?.title == "Story 1")
    }

    @Test func theListsResponderActionOpensTheStory() {
        let provider = MockReaderViewModelDependencyProvider(client: Fixtures.client(stories: 2), linkOpener: linkOpener)
        let sut = ReaderViewModel(dependencyProvider: provider)
        let responder = try? #require(provider.makeStoryListViewModelStub.lastArguments?.1)

        responder?.send(.openStory(Fixtures.story(2)))

        #expect(sut.openStory?.story == Fixtures.story(2))
    }

    @Test func closeStoryGoesBackToTheList() {
        let provider = MockReaderViewModelDependencyProvider(client: Fixtures.client(stories: 2), linkOpener: linkOpener)
        let sut = ReaderViewModel(dependencyProvider: provider)
        provider.makeStoryListViewModelStub.lastArguments?.1.send(.openStory(Fixtures.story(2)))
        #expect(sut.openStory != nil)

        sut.closeStory()

        #expect(sut.openStory == nil)
    }

    @Test func linksOpenedInAStoryAreOpenedByTheRoot() throws {
        let provider = MockReaderViewModelDependencyProvider(client: Fixtures.client(stories: 2), linkOpener: linkOpener)
        let sut = ReaderViewModel(dependencyProvider: provider)
        provider.makeStoryListViewModelStub.lastArguments?.1.send(.openStory(Fixtures.story(2)))

        try #require(sut.openStory).openLink()

        #expect(linkOpener.opened == [URL(string: "https://www.example.com/story")])
    }

    @Test func theListDoesNotKeepTheRootAlive() {
        let provider = MockReaderViewModelDependencyProvider(client: Fixtures.client(stories: 2), linkOpener: linkOpener)
        var sut: ReaderViewModel? = ReaderViewModel(dependencyProvider: provider)
        weak let root = sut
        let list = sut?.storyList
        sut = nil
        #expect(root == nil)
        // A story opened after the root is gone goes nowhere, without crashing.
        provider.makeStoryListViewModelStub.lastArguments?.1.send(.openStory(Fixtures.story(1)))
        #expect(list != nil)
    }

    @Test func theAppProviderRunsTheSampleEndToEnd() async throws {
        let sample = try SampleClient()
        // Every screen the provider makes starts its work in this one owner, so one wait covers them.
        let tasks = TaskOwner()
        let sut = ReaderViewModel(
            dependencyProvider: ReaderViewModel.DependencyProvider(
                client: sample, clock: FixedClock(sample.snapshotTime), linkOpener: linkOpener, pageSize: 30,
                makeTaskOwner: { tasks }
            )
        )
        sut.storyList.load()
        try await tasks.untilIdle()
        guard case .loaded(let rows, let more, _) = sut.storyList.state else {
            Issue.record("list \(sut.storyList.state)")
            return
        }
        #expect(rows.count == 30)
        #expect(more == .exhausted)

        rows[0].open()
        let story = try #require(sut.openStory)
        story.load()
        try await tasks.untilIdle()
        guard case .loaded(let comments) = story.comments else {
            Issue.record("comments \(story.comments)")
            return
        }
        #expect(comments.count == rows[0].story.descendants)
        tasks.expectNoWorkLeftBehind()
    }
}
