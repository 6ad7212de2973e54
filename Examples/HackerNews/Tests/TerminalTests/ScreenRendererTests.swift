import Foundation
import HackerNewsModel
import HackerNewsReader
import HackerNewsTerminal
import MVVMTesting
import Testing

@MainActor
struct ScreenRendererTests {
    let sample: SampleClient
    let reader: ReaderViewModel
    let linkOpener = TerminalLinkOpener()

    init() throws {
        sample = try SampleClient()
        reader = ReaderViewModel(
            dependencyProvider: ReaderViewModel.DependencyProvider(
                client: sample, clock: FixedClock(sample.snapshotTime), linkOpener: linkOpener, pageSize: 5
            )
        )
    }

    func screen(rows: Int = 12, columns: Int = 60) -> ReaderScreen {
        screen(of: reader, rows: rows, columns: columns)
    }

    func screen(of reader: ReaderViewModel, rows: Int = 12, columns: Int = 60) -> ReaderScreen {
        ReaderScreen(
            reader: reader, linkOpener: linkOpener,
            renderer: ScreenRenderer(size: .init(rows: rows, columns: columns), source: "sample data")
        )
    }

    /// A reader on `client` (the sample unless given), five stories a page, at `route`.
    func makeReader(at route: ReaderRoute, client: (any HackerNewsClient)? = nil) -> ReaderViewModel {
        ReaderViewModel(
            dependencyProvider: ReaderViewModel.DependencyProvider(
                client: client ?? sample, clock: FixedClock(sample.snapshotTime), linkOpener: linkOpener, pageSize: 5
            ),
            route: route
        )
    }

    func loadedFrame(_ terminal: ReaderScreen) async throws -> [String] {
        _ = terminal.frame()
        try await waitUntilLoaded()
        return terminal.frame().map(\.text)
    }

    func waitUntilLoaded() async throws {
        try await waitUntilLoaded(reader)
    }

    func waitUntilLoaded(_ reader: ReaderViewModel) async throws {
        try await waitUntil("the sample to load") {
            if case .loaded = reader.storyList.state { true } else { false }
        }
    }

    /// Waits until the story `reader` opened has its thread loaded or failed, and draws it.
    func storyFrame(_ terminal: ReaderScreen, of reader: ReaderViewModel) async throws -> [String] {
        _ = terminal.frame()
        try await waitUntil("the story to open") { reader.openStory != nil }
        _ = terminal.frame()
        let story = try #require(reader.openStory)
        try await waitUntil("the thread to settle") {
            switch story.comments {
            case .loaded, .failed: true
            case .idle, .loading: false
            }
        }
        return terminal.frame().map(\.text)
    }

    @Test func theFirstFrameSaysItIsLoading() {
        let frame = screen().frame().map(\.text)
        #expect(frame[2] == "Loading Top stories…")
        #expect(frame.count == 12)
    }

    @Test func everyLineFitsTheWidthAndTheFrameTheHeight() async throws {
        let terminal = screen(rows: 10, columns: 30)
        let frame = try await loadedFrame(terminal)
        #expect(frame.count == 10)
        #expect(frame.allSatisfy { $0.count <= 30 })
        #expect(frame[1] == String(repeating: "─", count: 30))
    }

    @Test func theSelectionScrollsIntoViewAndTheLastRowShowsThePager() async throws {
        let terminal = screen(rows: 8, columns: 60)
        _ = try await loadedFrame(terminal)
        for _ in 0..<4 {
            _ = terminal.handle(.down)
        }
        let frame = terminal.frame()
        let selected = frame.filter(\.isSelected).map(\.text)
        #expect(selected.first == "> 5.  The quiet return of server-rendered pages")
        // The last row asked for the next page, whose state shows below it.
        #expect(frame.map(\.text).contains("  Loading more stories…"))
        #expect(!frame.map(\.text).contains { $0.contains("1.  A tiny text editor") })
    }

    @Test func theStoryScreenWrapsCommentsUnderTheirIndent() async throws {
        let terminal = screen(rows: 30, columns: 40)
        _ = try await loadedFrame(terminal)
        _ = terminal.handle(.enter)
        _ = terminal.frame()
        let story = try #require(reader.openStory)
        try await waitUntil("the thread to load") {
            if case .loaded = story.comments { true } else { false }
        }
        let frame = terminal.frame().map(\.text)
        let byline = try #require(frame.firstIndex(of: "    nadia · 6 hours ago"))
        // 40 columns less the 6 of the indent leave 34 for the text.
        #expect(frame[byline + 1] == "      Thanks for sharing; bookmarking")
        #expect(frame[byline + 2] == "      for the next design review.")
        #expect(frame.allSatisfy { $0.count <= 40 })
    }

    @Test func aFailedListWaitsForTheUserInsteadOfRetryingOnEveryRedraw() async throws {
        let client = UnreachableClient()
        let reader = ReaderViewModel(
            dependencyProvider: ReaderViewModel.DependencyProvider(client: client, clock: FixedClock(sample.snapshotTime), linkOpener: linkOpener)
        )
        let terminal = ReaderScreen(
            reader: reader, linkOpener: linkOpener, renderer: ScreenRenderer(size: .init(rows: 10, columns: 60), source: "test")
        )
        _ = terminal.frame()
        try await waitUntil("the list to fail") {
            if case .failed = reader.storyList.state { true } else { false }
        }
        let failed = terminal.frame().map(\.text)
        #expect(failed[2] == "Could not load Top stories: unreachable")
        #expect(failed[3] == "Press r to try again.")
        _ = terminal.frame()
        _ = terminal.handle(.down)
        _ = terminal.frame()
        #expect(client.attempts == 1)

        _ = terminal.handle(.character("r"))
        guard case .loading = reader.storyList.state else {
            Issue.record("r did not start a load: \(reader.storyList.state)")
            return
        }
        try await waitUntil("the second load to fail") {
            if case .failed = reader.storyList.state { true } else { false }
        }
        #expect(client.attempts == 2)
    }

    @Test func refreshingKeepsTheRowsUnderARefreshingLine() async throws {
        let terminal = screen(rows: 12, columns: 60)
        let loaded = try await loadedFrame(terminal)
        _ = terminal.handle(.character("r"))
        // The refresh cannot finish before this task lets go of the main actor.
        let refreshing = terminal.frame().map(\.text)
        #expect(refreshing[2] == "  Refreshing…")
        #expect(Array(refreshing[3...5]) == Array(loaded[2...4]))
        try await waitUntil("the refresh to finish") {
            if case .loaded(_, _, .current) = reader.storyList.state { true } else { false }
        }
        #expect(terminal.frame().map(\.text) == loaded)
    }

    @Test func backAndQuitKeys() async throws {
        let terminal = screen()
        _ = try await loadedFrame(terminal)
        #expect(terminal.handle(.enter) == .proceed)
        #expect(reader.openStory != nil)
        #expect(terminal.handle(.escape) == .proceed)
        #expect(reader.openStory == nil)
        #expect(terminal.handle(.character("q")) == .quit)
        #expect(terminal.handle(.interrupt) == .quit)
    }

    @Test func goingBackFromADeepLinkSelectsTheLinkedStory() async throws {
        // Story 1033 is fifth in the Top list, so the first row being selected would be wrong.
        let reader = makeReader(at: ReaderRoute(list: .top, storyID: 1033))
        let terminal = screen(of: reader)
        _ = try await storyFrame(terminal, of: reader)

        #expect(terminal.handle(.escape) == .proceed)
        // The list under a deep link loads only once it appears.
        _ = terminal.frame()
        try await waitUntilLoaded(reader)

        let selected = terminal.frame().filter(\.isSelected).map(\.text)
        #expect(selected.first == "> 5.  The quiet return of server-rendered pages")
    }

    @Test func goingBackFromARouteSetOnTheReaderSelectsItsStoryWhenItIsInTheList() async throws {
        let terminal = screen()
        _ = try await loadedFrame(terminal)
        _ = terminal.handle(.down)

        reader.route = ReaderRoute(list: .top, storyID: 1033)
        _ = try await storyFrame(terminal, of: reader)
        _ = terminal.handle(.escape)
        #expect(terminal.frame().filter(\.isSelected).first?.text == "> 5.  The quiet return of server-rendered pages")

        // 1060 is ninth, past the five rows loaded: the selection stays where it was.
        reader.route = ReaderRoute(list: .top, storyID: 1060)
        _ = try await storyFrame(terminal, of: reader)
        reader.closeStory()
        #expect(terminal.frame().filter(\.isSelected).first?.text == "> 5.  The quiet return of server-rendered pages")
    }

    @Test func theRetryKeyShowsOnlyWhenTheThreadFailed() async throws {
        let loaded = makeReader(at: ReaderRoute(storyID: 1001))
        let help = try await storyFrame(screen(of: loaded), of: loaded).last
        #expect(help?.contains("← back") == true)
        #expect(help?.contains("retry") == false, "\(help ?? "")")

        let failing = makeReader(at: ReaderRoute(storyID: 1001), client: ThreadlessClient(sample: sample, story: 1001))
        let failed = try await storyFrame(screen(of: failing, rows: 24), of: failing)
        #expect(failed.contains("Press r to try again."))
        #expect(failed.last?.contains("r retry") == true, "\(failed.last ?? "")")
    }

    @Test func anEmptyThreadReadsTheSameOnTheScreenAndInThePrintout() async throws {
        // 1032, an Ask story, has no comments.
        let reader = makeReader(at: ReaderRoute(list: .top, storyID: 1032))
        let frame = try await storyFrame(screen(of: reader), of: reader)
        let onScreen = try #require(frame.first { $0.hasPrefix("No comments") }, "\(frame)")

        let printout = try await PrintedStory.render(
            storyID: 1032, list: .top, client: sample, clock: FixedClock(sample.snapshotTime)
        )
        let printed = printout.text.components(separatedBy: "\n")
        #expect(printed.contains(onScreen), "\(printed)")
    }
}

/// The sample with only `story` reachable: its thread cannot load.
struct ThreadlessClient: HackerNewsClient {
    let sample: SampleClient
    let story: Int

    func storyIDs(in list: StoryList) async throws -> [Int] {
        try await sample.storyIDs(in: list)
    }

    func item(id: Int) async throws -> Item? {
        guard id == story else { throw UnreachableClient.Failure() }
        return try await sample.item(id: id)
    }
}

/// A server that is never there; counts how often it was tried.
final class UnreachableClient: HackerNewsClient, @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "unreachable" }
    }

    private let lock = NSLock()
    private var count = 0

    var attempts: Int { lock.withLock { count } }

    func storyIDs(in list: StoryList) async throws -> [Int] {
        lock.withLock { count += 1 }
        throw Failure()
    }

    func item(id: Int) async throws -> Item? {
        throw Failure()
    }
}
