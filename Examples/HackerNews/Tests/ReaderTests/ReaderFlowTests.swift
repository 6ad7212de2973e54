import Foundation
import HackerNewsModel
import HackerNewsReader
import MVVM
import MVVMTesting
import Testing

/// Whole flows through the reader, each one test on one harness: the root, and every screen it
/// makes, share the test's clock and task owner through the root's dependency provider, so one
/// `untilIdle()` awaits the work of all of them, nothing waits on real time, and the end check
/// sees work any of them left running.
@MainActor
struct ReaderFlowTests {
    let opener = RecordingLinkOpener()

    /// Stories 1 (with a two-comment thread and a link) and 2, ranked in `.top`.
    let client = FakeClient(
        lists: [.top: [1, 2], .best: [2]],
        items: [
            Fixtures.story(1, kids: [10]),
            Fixtures.story(2, url: nil),
            Fixtures.comment(10, parent: 1, kids: [11]),
            Fixtures.comment(11, parent: 10),
        ]
    )

    /// The root the app would make, on the test's clock and task owner.
    func makeReader(_ controls: TestControls<Never>, at route: ReaderRoute = ReaderRoute(), client: (any HackerNewsClient)? = nil) -> ReaderViewModel {
        ReaderViewModel(
            dependencyProvider: ReaderViewModel.DependencyProvider(
                client: client ?? self.client,
                clock: TestClockReaderClock(start: Fixtures.now, clock: controls.clock),
                linkOpener: opener,
                pageSize: 2,
                makeTaskOwner: { controls.tasks }
            ),
            route: route,
            tasks: controls.tasks
        )
    }

    static let tracking: KeyValuePairs<String, PartialKeyPath<ReaderViewModel>> = [
        "openStory": \.openStory, "openFailure": \.openFailure, "route": \.route,
    ]

    func rows(_ list: StoryListViewModel) -> [StoryRowViewModel] {
        guard case .loaded(let rows, _, _) = list.state else { return [] }
        return rows
    }

    func visible(_ story: StoryViewModel) -> [String] {
        guard case .loaded(let comments) = story.comments else { return [] }
        return comments.map { String(repeating: "  ", count: $0.depth) + "\($0.id) \($0.author) \($0.age)" }
    }

    @Test func fromTheListIntoAStoryItsCommentsItsLinkAndBack() async throws {
        try await withViewModelHarness(of: { makeReader($0) }, sendingUp: Never.self, tracking: Self.tracking, privateState: ["pendingStoryID"]) { test in
            let reader = test.viewModel
            // The list loads as it appears.
            reader.storyList.load()
            try await test.untilIdle()
            let listRows = rows(reader.storyList)
            #expect(listRows.map(\.title) == ["Story 1", "Story 2"])

            // A row's action goes up through the list to the root, which opens the story.
            listRows[0].open()
            let story = try #require(reader.openStory)
            test.expectChanges {
                $0.openStory = story
                $0.route = ReaderRoute(list: .top, storyID: 1)
            }
            #expect(story.footnote == "example.com · 1 hour ago · author1")

            // Its comments load as it appears, in the same owner as everything else.
            story.load()
            try await test.untilIdle()
            #expect(visible(story) == ["10 user10 2 minutes ago", "  11 user11 2 minutes ago"])

            // The story's action reaches the root, which decides to open the link.
            story.openLink()
            #expect(opener.opened == [URL(string: "https://www.example.com/story")])

            // The root navigates back.
            test.expectChanges(during: { reader.closeStory() }) {
                $0.openStory = nil
                $0.route = ReaderRoute(list: .top)
            }

            // Two hours later on the test's clock, the next story opened is measured to the new time.
            test.clock.advance(by: .seconds(7_200))
            listRows[1].open()
            let second = try #require(reader.openStory)
            test.expectChanges {
                $0.openStory = second
                $0.route = ReaderRoute(list: .top, storyID: 2)
            }
            #expect(second.footnote == "3 hours ago · author2")
        }
        #expect(client.listRequests == [.top])
        #expect(client.itemRequests.sorted() == [1, 2, 10, 11])
    }

    @Test func theReaderBuildsItsScreensFromARouteWithoutAnyUIAction() async throws {
        let route = ReaderRoute(list: .best, storyID: 1)
        try await withViewModelHarness(of: { makeReader($0, at: route) }, sendingUp: Never.self, tracking: Self.tracking, privateState: ["pendingStoryID"]) { test in
            let reader = test.viewModel
            #expect(reader.route == route)
            #expect(reader.storyList.list == .best)

            try await test.untilIdle()

            let story = try #require(reader.openStory)
            test.expectChanges {
                $0.openStory = story
                $0.set("pendingStoryID", to: Int?.none as Any)
            }
            #expect(story.story == Fixtures.story(1, kids: [10]))
            #expect(story.title == "Story 1")
            #expect(story.link == URL(string: "https://www.example.com/story"))
            #expect(reader.route == route)
            // The screens are made, not shown: nothing loads until one appears.
            guard case .idle = reader.storyList.state else { Issue.record("list \(reader.storyList.state)"); return }
            guard case .idle = story.comments else { Issue.record("comments \(story.comments)"); return }
        }
        #expect(client.listRequests == [])
        #expect(client.itemRequests == [1])
    }

    @Test func settingTheRouteRebuildsTheHierarchy() async throws {
        try await withViewModelHarness(of: { makeReader($0) }, sendingUp: Never.self, tracking: Self.tracking, privateState: ["pendingStoryID"]) { test in
            let reader = test.viewModel
            test.expectChanges(during: { reader.route = ReaderRoute(list: .best, storyID: 2) }) {
                $0.route = ReaderRoute(list: .best, storyID: 2)
                $0.set("pendingStoryID", to: Int?.some(2) as Any)
            }
            try await test.untilIdle()
            let story = try #require(reader.openStory)
            test.expectChanges {
                $0.openStory = story
                $0.set("pendingStoryID", to: Int?.none as Any)
            }
            #expect(story.title == "Story 2")
            // Another list reloads as it is switched to.
            #expect(rows(reader.storyList).map(\.title) == ["Story 2"])
        }
    }

    @Test func aRouteToAMissingItemSaysSo() async throws {
        try await withViewModelHarness(of: { makeReader($0, at: ReaderRoute(storyID: 99)) }, sendingUp: Never.self, tracking: Self.tracking, privateState: ["pendingStoryID"]) { test in
            try await test.untilIdle()
            test.expectChanges {
                $0.openFailure = "Hacker News has no item 99."
                $0.route = ReaderRoute()
                $0.set("pendingStoryID", to: Int?.none as Any)
            }
            #expect(test.viewModel.openStory == nil)
        }
    }

    @Test func goingBackWhileARoutesStoryLoadsCancelsTheLoad() async throws {
        let held = HeldItemsClient(rankings: [:])
        try await withViewModelHarness(of: { makeReader($0, at: ReaderRoute(storyID: 5), client: held) }, sendingUp: Never.self, tracking: Self.tracking, privateState: ["pendingStoryID"]) { test in
            let fetch = try await held.items.nextCall()
            #expect(fetch.arguments == 5)

            test.expectChanges(during: { test.viewModel.closeStory() }) {
                $0.route = ReaderRoute()
                $0.set("pendingStoryID", to: Int?.none as Any)
            }
            #expect(fetch.wasCancelled)
            try await test.untilIdle()
        }
    }
}
