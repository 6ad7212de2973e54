import Foundation
import HackerNewsModel
import HackerNewsReader
import MVVM
import MVVMTesting

/// A client answering from memory, with failures a test switches on and off, that counts what it
/// was asked.
final class FakeClient: HackerNewsClient, @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    private let lock = NSLock()
    private var lists: [StoryList: [Int]]
    private var itemsByID: [Int: Item]
    private var failingLists: Set<StoryList> = []
    private var failingItems: Set<Int> = []
    private var askedLists: [StoryList] = []
    private var askedItems: [Int] = []

    init(lists: [StoryList: [Int]] = [:], items: [Item] = []) {
        self.lists = lists
        itemsByID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
    }

    var listRequests: [StoryList] { lock.withLock { askedLists } }
    var itemRequests: [Int] { lock.withLock { askedItems } }

    func setRanking(_ ids: [Int], for list: StoryList) {
        lock.withLock { lists[list] = ids }
    }

    func fail(list: StoryList, _ failing: Bool = true) {
        lock.withLock {
            if failing { failingLists.insert(list) } else { failingLists.remove(list) }
        }
    }

    func fail(item: Int, _ failing: Bool = true) {
        lock.withLock {
            if failing { failingItems.insert(item) } else { failingItems.remove(item) }
        }
    }

    func storyIDs(in list: StoryList) async throws -> [Int] {
        try lock.withLock {
            askedLists.append(list)
            if failingLists.contains(list) { throw Failure() }
            return lists[list] ?? []
        }
    }

    func item(id: Int) async throws -> Item? {
        try lock.withLock {
            askedItems.append(id)
            if failingItems.contains(id) { throw Failure() }
            return itemsByID[id]
        }
    }
}

/// Test data: a fixed "now" and stories posted an hour before it.
enum Fixtures {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let clock = FixedClock(now)

    static func story(_ id: Int, kids: [Int] = [], score: Int = 10, url: String? = "https://www.example.com/story") -> Item {
        Item(
            id: id, kind: .story, author: "author\(id)", time: now.addingTimeInterval(-3_600),
            url: url.map { URL(string: $0)! }, title: "Story \(id)", score: score, descendants: kids.count, kids: kids
        )
    }

    static func comment(_ id: Int, parent: Int, kids: [Int] = [], text: String? = nil, deleted: Bool = false) -> Item {
        Item(
            id: id, kind: .comment, author: deleted ? nil : "user\(id)", time: now.addingTimeInterval(-120),
            text: deleted ? nil : text ?? "Comment \(id)", kids: kids, parent: parent, isDeleted: deleted
        )
    }

    /// Stories 1...count ranked in order in `.top`.
    static func client(stories count: Int) -> FakeClient {
        FakeClient(lists: [.top: Array(1...count)], items: (1...count).map { story($0) })
    }
}

@MainActor
final class RecordingLinkOpener: LinkOpening {
    private(set) var opened: [URL] = []

    func open(_ url: URL) {
        opened.append(url)
    }
}

@MainActor
final class MockReaderViewModelDependencyProvider: ReaderViewModel.DependencyProviding {
    let linkOpener: any LinkOpening
    let makeStoryListViewModelStub = Stub<(StoryList, Responder<StoryListViewModel.ResponderAction>), Void>(defaultReturnValue: ())
    let makeStoryViewModelStub = Stub<Item, Void>(defaultReturnValue: ())
    let client: FakeClient
    let tasks = TaskOwner()

    init(client: FakeClient, linkOpener: any LinkOpening) {
        self.client = client
        self.linkOpener = linkOpener
    }

    func makeStoryListViewModel(
        list: StoryList,
        responder: Responder<StoryListViewModel.ResponderAction>
    ) -> StoryListViewModel {
        makeStoryListViewModelStub((list, responder))
        return StoryListViewModel(
            dependencies: .init(client: client, clock: Fixtures.clock), list: list, pageSize: 2,
            responder: responder, tasks: tasks
        )
    }

    func makeStoryViewModel(story: Item, responder: Responder<StoryViewModel.ResponderAction>) -> StoryViewModel {
        makeStoryViewModelStub(story)
        return StoryViewModel(dependencies: .init(client: client, clock: Fixtures.clock), story: story, responder: responder, tasks: tasks)
    }

    func story(id: Int) async throws -> Item? {
        try await client.item(id: id)
    }
}

/// The reader's time on the test's clock: `start`, moved on by however far the test advanced
/// the ``TestClock``. A parent hands it to every screen it makes, so one `advance(by:)` ages
/// them all.
struct TestClockReaderClock: ReaderClock {
    let start: Date
    let clock: TestClock

    var now: Date {
        let (seconds, attoseconds) = clock.now.offset.components
        return start.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
}

/// A client whose item requests are held until the test answers them, with rankings from memory.
struct HeldItemsClient: HackerNewsClient {
    let rankings: [StoryList: [Int]]
    let items = HeldStub<Int, Item?>()

    func storyIDs(in list: StoryList) async throws -> [Int] {
        rankings[list] ?? []
    }

    func item(id: Int) async throws -> Item? {
        try await items(id)
    }
}

/// A server gone wrong: every comment has one reply, with an id never seen before.
struct EndlessThreadClient: HackerNewsClient {
    func storyIDs(in list: StoryList) async throws -> [Int] { [] }

    func item(id: Int) async throws -> Item? {
        Fixtures.comment(id, parent: id - 1, kids: [id + 1])
    }
}
