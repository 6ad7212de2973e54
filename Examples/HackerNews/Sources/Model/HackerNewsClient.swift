/// Where stories come from: the live API, or the bundled sample for offline use.
public protocol HackerNewsClient: Sendable {
    /// The ids of a list's stories, in ranking order.
    func storyIDs(in list: StoryList) async throws -> [Int]
    /// One item, or `nil` when the API has none for the id (it answers `null`).
    func item(id: Int) async throws -> Item?
}

extension HackerNewsClient {
    /// The items for `ids`, in the order of `ids` (ranking order) whatever order the requests
    /// finish in, at most `concurrency` requests at a time. Ids without an item are left out.
    public func items(ids: [Int], concurrency: Int = 8) async throws -> [Item] {
        var found = [Item?](repeating: nil, count: ids.count)
        try await withThrowingTaskGroup(of: (Int, Item?).self) { group in
            var next = 0
            func startNext() {
                guard next < ids.count else { return }
                let index = next
                let id = ids[index]
                next += 1
                group.addTask { (index, try await self.item(id: id)) }
            }
            for _ in 0..<max(1, concurrency) { startNext() }
            while let (index, item) = try await group.next() {
                found[index] = item
                startNext()
            }
        }
        return found.compactMap { $0 }
    }
}
