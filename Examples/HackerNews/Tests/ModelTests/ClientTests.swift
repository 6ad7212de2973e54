import Foundation
import HackerNewsModel
import HackerNewsTestSupport
import Testing

struct ClientTests {
    /// A client whose first-ranked answer finishes after others (see ``HeldAnswer``).
    struct ScrambledClient: HackerNewsClient {
        let order: HeldAnswer

        func storyIDs(in list: StoryList) async throws -> [Int] { [] }

        func item(id: Int) async throws -> Item? {
            await order.arrived(id)
            return id % 7 == 0 ? nil : Item(id: id, title: "Story \(id)")
        }
    }

    @Test func itemsComeBackInRankingOrderWithoutTheMissingOnes() async throws {
        let ids = Array((1...40).reversed())
        let client = ScrambledClient(order: HeldAnswer(for: ids[0], untilRequest: 7))
        let items = try await client.items(ids: ids, concurrency: 6)
        #expect(items.map(\.id) == ids.filter { $0 % 7 != 0 })
    }

    @Test func theSampleIsLabelledAndComplete() async throws {
        let sample = try SampleClient()
        #expect(sample.note.contains("Invented sample data"))
        let top = try await sample.storyIDs(in: .top)
        #expect(top.count >= 24)
        for list in StoryList.allCases {
            let ids = try await sample.storyIDs(in: list)
            #expect(!ids.isEmpty, "\(list) is empty")
            let items = try await sample.items(ids: ids)
            #expect(items.map(\.id) == ids, "every id of \(list) has an item")
            #expect(sample.stories(in: list) == items, "previews see the same \(list) stories")
        }
        let jobs = try await sample.items(ids: try await sample.storyIDs(in: .jobs))
        #expect(jobs.allSatisfy { $0.kind == .job })
    }

    @Test func sampleStoriesHaveCommentTrees() async throws {
        let sample = try SampleClient()
        var withComments = 0
        for story in try await sample.items(ids: try await sample.storyIDs(in: .top)) where !story.kids.isEmpty {
            var loaded: [Int: Item] = [:]
            var pending = story.kids
            while let id = pending.popLast() {
                guard let item = try await sample.item(id: id) else { continue }
                loaded[id] = item
                pending += item.kids
            }
            let tree = CommentTree.build(kids: story.kids, items: loaded)
            #expect(tree.reduce(0) { $0 + $1.count } <= story.descendants ?? 0)
            withComments += 1
        }
        #expect(withComments >= 10)
    }

    @Test func aDamagedSampleIsAClearError() {
        #expect(throws: SampleClient.LoadError.self) {
            try SampleClient(data: Data("{\"note\": 1}".utf8))
        }
    }
}
