import Foundation
import HackerNewsModel
import HackerNewsReader
import MVVM
import MVVMTesting
import Testing

@MainActor
struct StoryViewModelTests {
    let tasks = TaskOwner()
    let parent = RecordingResponder<StoryViewModel.ResponderAction>()

    /// A new client for each test (clients record what they are asked), serving story 1's thread
    /// 10 ─┬─ 11 ── 13
    ///     └─ 12
    /// 20 (deleted, no replies: dropped)
    /// 30 (deleted, with reply 31: kept as a placeholder)
    static func thread() -> FakeClient {
        FakeClient(
            lists: [:],
            items: [
                Fixtures.comment(10, parent: 1, kids: [11, 12], text: "It&#x27;s <i>fast</i>.<p>Really."),
                Fixtures.comment(11, parent: 10, kids: [13]),
                Fixtures.comment(12, parent: 10),
                Fixtures.comment(13, parent: 11),
                Fixtures.comment(20, parent: 1, deleted: true),
                Fixtures.comment(30, parent: 1, kids: [31], deleted: true),
                Fixtures.comment(31, parent: 30),
            ]
        )
    }

    func makeSUT(_ story: Item = Fixtures.story(1, kids: [10, 20, 30]), client: any HackerNewsClient = thread()) -> StoryViewModel {
        StoryViewModel(dependencies: .init(client: client, clock: Fixtures.clock), story: story, responder: parent.responder, tasks: tasks)
    }

    func visible(_ sut: StoryViewModel) -> [String] {
        guard case .loaded(let comments) = sut.comments else { return [] }
        return comments.map { String(repeating: "  ", count: $0.depth) + "\($0.id) \($0.author)" }
    }

    @Test func showsTheStoryDetails() {
        let ask = Item(
            id: 2, kind: .story, author: "asker", time: Fixtures.now.addingTimeInterval(-7_200),
            text: "What do you use?<p>Curious &amp; keen.", title: "Ask HN: Editors?"
        )
        let sut = makeSUT(ask)
        #expect(sut.title == "Ask HN: Editors?")
        #expect(sut.footnote == "2 hours ago · asker")
        #expect(sut.link == nil)
        #expect(sut.text == "What do you use?\n\nCurious & keen.")
        guard case .idle = sut.comments else { Issue.record("comments \(sut.comments)"); return }
    }

    @Test func loadFetchesTheWholeThreadInThreadOrder() async throws {
        let sut = makeSUT()
        sut.load()
        guard case .loading = sut.comments else { Issue.record("comments \(sut.comments)"); return }
        try await tasks.untilIdle()

        #expect(visible(sut) == ["10 user10", "  11 user11", "    13 user13", "  12 user12", "30 [deleted]", "  31 user31"])
        guard case .loaded(let comments) = sut.comments else { return }
        #expect(comments[0].text == "It's fast.\n\nReally.")
        #expect(comments[0].age == "2 minutes ago")
        #expect(comments.map(\.replyCount) == [3, 1, 0, 0, 1, 0])
        #expect(comments[4].text == "")
    }

    @Test func loadWhenLoadedAsksNothingMore() async throws {
        let client = FakeClient(items: [Fixtures.comment(10, parent: 1)])
        let sut = makeSUT(Fixtures.story(1, kids: [10]), client: client)
        sut.load()
        try await tasks.untilIdle()
        sut.load()
        try await tasks.untilIdle()
        #expect(client.itemRequests == [10])
    }

    @Test func failedLoadSaysWhyAndLoadTriesAgain() async throws {
        let client = FakeClient(items: [Fixtures.comment(10, parent: 1, kids: [11]), Fixtures.comment(11, parent: 10)])
        client.fail(item: 11)
        let sut = makeSUT(Fixtures.story(1, kids: [10]), client: client)

        sut.load()
        try await tasks.untilIdle()
        guard case .failed(let message) = sut.comments else { Issue.record("comments \(sut.comments)"); return }
        #expect(message == "Could not load the comments: offline")

        client.fail(item: 11, false)
        sut.load()
        try await tasks.untilIdle()
        #expect(visible(sut) == ["10 user10", "  11 user11"])
    }

    @Test(arguments: ["file:///etc/passwd", "x-apple.systempreferences:com.apple.preference", "javascript:alert(1)"])
    func aLinkThatIsNotAWebLinkIsNeitherShownNorOpened(link: String) {
        var story = Fixtures.story(1)
        story.url = URL(string: link)
        let sut = makeSUT(story)
        #expect(sut.link == nil)
        sut.openLink()
        #expect(parent.actions.isEmpty)
    }

    @Test func aCommentThatFailsShowsAsNotLoadedWhileItsSiblingsShow() async throws {
        let client = FakeClient(items: [Fixtures.comment(10, parent: 1), Fixtures.comment(12, parent: 1)])
        client.fail(item: 11)
        let sut = makeSUT(Fixtures.story(1, kids: [10, 11, 12]), client: client)
        sut.load()
        try await tasks.untilIdle()
        #expect(visible(sut) == ["10 user10", "11 [not loaded]", "12 user12"])
        guard case .loaded(let comments) = sut.comments else { Issue.record("comments \(sut.comments)"); return }
        #expect(comments[1].text == "offline")
    }

    @Test func aThreadAnsweringEveryCommentWithNewRepliesStopsLoading() async throws {
        let client = EndlessThreadClient()
        let sut = makeSUT(Fixtures.story(1, kids: [2]), client: client)
        sut.load()
        try await tasks.untilIdle(timeout: .seconds(60))
        guard case .loaded(let comments) = sut.comments else { Issue.record("comments \(sut.comments)"); return }
        #expect(comments.count == StoryViewModel.maximumDepth)
        #expect(comments.last?.depth == StoryViewModel.maximumDepth - 1)
    }

    /// A hostile server listing one comment 5,001 times, and a reply under two parents: each
    /// is asked for once, and the copies crowd out no other comment.
    @Test func anIdListedManyTimesIsAskedForOnce() async throws {
        let client = FakeClient(items: [
            Fixtures.comment(10, parent: 1, kids: [11, 11, 11]),
            Fixtures.comment(20, parent: 1, kids: [11]),
            Fixtures.comment(11, parent: 10),
        ])
        let kids = Array(repeating: 10, count: 5_001) + [20, 10]
        let sut = makeSUT(Fixtures.story(1, kids: kids), client: client)
        sut.load()
        try await tasks.untilIdle()
        #expect(client.itemRequests.count == 3, "\(client.itemRequests.count) requests")
        #expect(Set(client.itemRequests) == [10, 11, 20])
        #expect(visible(sut) == ["10 user10", "  11 user11", "20 user20"])
    }

    @Test func aStoryWithoutCommentsLoadsAnEmptyThread() async throws {
        let client = FakeClient()
        let sut = makeSUT(Fixtures.story(1), client: client)
        sut.load()
        try await tasks.untilIdle()
        guard case .loaded(let comments) = sut.comments else { Issue.record("comments \(sut.comments)"); return }
        #expect(comments.isEmpty)
        #expect(client.itemRequests.isEmpty)
    }

    @Test func toggleHidesAndShowsAllReplies() async throws {
        let sut = makeSUT()
        sut.load()
        try await tasks.untilIdle()
        guard case .loaded(let comments) = sut.comments else { Issue.record("comments \(sut.comments)"); return }
        let first: CommentViewModel = comments[0], nested: CommentViewModel = comments[1]

        nested.toggle()
        #expect(nested.isCollapsed)
        #expect(visible(sut) == ["10 user10", "  11 user11", "  12 user12", "30 [deleted]", "  31 user31"])

        first.toggle()
        #expect(visible(sut) == ["10 user10", "30 [deleted]", "  31 user31"])

        first.toggle()
        #expect(!first.isCollapsed)
        // The nested comment stays collapsed when its parent opens again.
        #expect(visible(sut) == ["10 user10", "  11 user11", "  12 user12", "30 [deleted]", "  31 user31"])
    }

    @Test func togglingChangesOnlyThatComment() async throws {
        let sut = makeSUT()
        sut.load()
        try await tasks.untilIdle()
        guard case .loaded(let comments) = sut.comments else { Issue.record("comments \(sut.comments)"); return }
        let recorder = try ChangeRecorder(comments[0], tracking: ["isCollapsed": \.isCollapsed, "text": \.text])
        recorder.expectChanges(during: { comments[0].toggle() }) { $0.isCollapsed = true }
        #expect(comments[1].isCollapsed == false)
    }

    @Test func openLinkSendsTheLinkUp() throws {
        let sut = makeSUT()
        sut.openLink()
        let link = try #require(URL(string: "https://www.example.com/story"))
        parent.expect(.openLink(link))
        parent.expectAllAsserted()
    }

    @Test func openLinkOnATextPostSendsNothing() {
        let sut = makeSUT(Fixtures.story(1, url: nil))
        sut.openLink()
        parent.expectAllAsserted()
    }

    @Test func equalityIsIdentity() {
        let first = makeSUT(), second = makeSUT()
        #expect(first == first)
        #expect(first != second)
        #expect(Set([first, first, second]).count == 2)
    }

    @Test func theThreadShowsLoadingWhileItsCommentsAreHeld() async throws {
        let client = HeldItemsClient(rankings: [:])
        try await withViewModelHarness(of: { controls in
            StoryViewModel(
                dependencies: .init(client: client, clock: Fixtures.clock), story: Fixtures.story(1, kids: [10]),
                responder: controls.responder, tasks: controls.tasks
            )
        }, tracking: ["comments": \.comments], privateState: ["thread"]) { test in
            test.expectChanges(during: { test.viewModel.load() }) {
                $0.comments = .loading
                $0.set("thread", to: CommentsState<CommentViewModel>.loading)
            }
            let call = try await client.items.nextCall()
            #expect(call.arguments == 10)

            call.answer(Fixtures.comment(10, parent: 1))
            try await test.untilIdle()

            guard case .loaded(let comments) = test.viewModel.comments else {
                Issue.record("comments \(test.viewModel.comments)")
                return
            }
            #expect(comments.map(\.author) == ["user10"])
            test.expectChanges {
                $0.comments = .loaded(comments)
                $0.set("thread", to: CommentsState<CommentViewModel>.loaded(comments))
            }
            test.viewModel.openLink()
            test.expectSent(.openLink(try #require(URL(string: "https://www.example.com/story"))))
        }
    }
}
