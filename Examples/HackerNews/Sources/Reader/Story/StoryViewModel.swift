import Foundation
import HackerNewsModel
import MVVM
import Observation

/// A story and its comment thread, fetched a level at a time so each level's requests run
/// together.
@MainActor
@Observable
public final class StoryViewModel: StoryViewModeling {
    /// The services the story screen uses for its whole life.
    public struct Dependencies {
        let client: any HackerNewsClient
        let clock: any ReaderClock

        /// Bundles the services.
        public init(client: any HackerNewsClient, clock: any ReaderClock) {
            self.client = client
            self.clock = clock
        }
    }

    /// What the story screen asks its owner to do.
    public enum ResponderAction: Equatable {
        /// Open this link outside the reader.
        case openLink(URL)
    }

    public let title: String
    public let footnote: String
    public let link: URL?
    public let text: String?
    /// The story shown.
    public let story: Item

    public var comments: CommentsState<CommentViewModel> {
        switch thread {
        case .idle: .idle
        case .loading: .loading
        case .loaded(let all): .loaded(Self.visible(all))
        case .failed(let message): .failed(message: message)
        }
    }

    // Every comment in thread order; `comments` hides the replies of collapsed ones.
    private var thread: CommentsState<CommentViewModel> = .idle
    private let dependencies: Dependencies
    private let responder: Responder<ResponderAction>
    private let tasks: TaskOwner

    /// Creates the screen for `story`; its thread loads on ``load()``.
    ///
    /// - Parameters:
    ///   - dependencies: The client and the clock.
    ///   - story: The story, as its list loaded it.
    ///   - responder: Where opened links go.
    ///   - tasks: Owns the thread's load; pass your own in tests to await it.
    public init(
        dependencies: Dependencies,
        story: Item,
        responder: Responder<ResponderAction>,
        tasks: TaskOwner = TaskOwner()
    ) {
        self.dependencies = dependencies
        self.story = story
        title = story.title ?? "Untitled"
        footnote = Footnote.text(for: story, now: dependencies.clock.now)
        // Only web links: a server's `file:` or app-scheme URL is not the reader's to open.
        link = story.url.flatMap { ["http", "https"].contains($0.scheme?.lowercased()) ? $0 : nil }
        text = story.text.map(PlainText.from(html:))
        self.responder = responder
        self.tasks = tasks
    }

    public func load() {
        switch thread {
        case .loading, .loaded: return
        case .idle, .failed: break
        }
        thread = .loading
        let client = dependencies.client, kids = story.kids
        tasks.start(id: "thread") { [weak self] in
            do {
                let items = try await Self.fetchThread(kids: kids, client: client)
                guard !Task.isCancelled else { return }
                self?.show(CommentTree.build(kids: kids, items: items, maximumDepth: Self.maximumDepth))
            } catch {
                guard !Task.isCancelled else { return }
                self?.thread = .failed(message: "Could not load the comments: \(error)")
            }
        }
    }

    public func openLink() {
        guard let link else { return }
        responder.send(.openLink(link))
    }

    public nonisolated static func == (lhs: StoryViewModel, rhs: StoryViewModel) -> Bool {
        lhs === rhs
    }

    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    private func show(_ roots: [CommentNode]) {
        let now = dependencies.clock.now
        var all: [CommentViewModel] = []
        func add(_ nodes: [CommentNode], depth: Int) {
            for node in nodes {
                all.append(CommentViewModel(node: node, depth: depth, now: now))
                add(node.replies, depth: depth + 1)
            }
        }
        add(roots, depth: 0)
        thread = .loaded(all)
    }

    /// The most comments a thread loads: a server that answers every comment with fresh replies
    /// cannot keep the reader loading.
    public nonisolated static let maximumComments = 5_000
    /// The deepest level of replies a thread loads and shows, which also bounds the recursion
    /// that builds it.
    public nonisolated static let maximumDepth = 200

    // A comment that could not be loaded keeps its place, saying so, while the rest load; a
    // level that failed whole fails the thread, which can then be loaded again.
    private static func fetchThread(kids: [Int], client: any HackerNewsClient) async throws -> [Int: Item] {
        var items: [Int: Item] = [:]
        var level = unasked(kids, in: items, limit: maximumComments)
        var depth = 0
        while !level.isEmpty, depth < maximumDepth {
            let outcomes = await client.itemOutcomes(ids: level)
            try Task.checkCancellation()
            if let failure = outcomes.failureOfAll {
                throw failure
            }
            var fetched: [Item] = []
            for outcome in outcomes {
                switch outcome {
                case .found(let item):
                    items[item.id] = item
                    fetched.append(item)
                case .failed(let id, let message):
                    items[id] = Item(id: id, kind: .comment, author: "[not loaded]", text: PlainText.escaped(message))
                case .absent:
                    break
                }
            }
            let room = max(0, maximumComments - items.count)
            level = unasked(fetched.lazy.flatMap(\.kids), in: items, limit: room)
            depth += 1
        }
        return items
    }

    /// The first `limit` ids of `ids` that `items` does not hold, each once, in the order they
    /// first appear: a server listing one reply many times is asked for it once, and the copies
    /// take no room from other comments.
    private static func unasked(_ ids: some Sequence<Int>, in items: [Int: Item], limit: Int) -> [Int] {
        var seen: Set<Int> = []
        var unasked: [Int] = []
        for id in ids {
            guard unasked.count < limit else { break }
            if items[id] == nil, seen.insert(id).inserted {
                unasked.append(id)
            }
        }
        return unasked
    }

    // Thread order is depth-first, so a collapsed comment's replies are the run of deeper
    // comments right after it.
    private static func visible(_ all: [CommentViewModel]) -> [CommentViewModel] {
        var shown: [CommentViewModel] = []
        var hiddenBelow: Int?
        for comment in all {
            if let depth = hiddenBelow {
                if comment.depth > depth { continue }
                hiddenBelow = nil
            }
            shown.append(comment)
            if comment.isCollapsed {
                hiddenBelow = comment.depth
            }
        }
        return shown
    }
}
