/// Where stories come from: the live API, or the bundled sample for offline use.
public protocol HackerNewsClient: Sendable {
    /// The ids of a list's stories, in ranking order.
    func storyIDs(in list: StoryList) async throws -> [Int]
    /// One item, or `nil` when the API has none for the id (it answers `null`).
    func item(id: Int) async throws -> Item?
}

/// How asking for one item of a batch ended.
public enum ItemOutcome: Equatable, Sendable {
    /// The item.
    case found(Item)
    /// The API has no item for the id (it answered `null`).
    case absent(id: Int)
    /// Asking failed; the message says why, for the user.
    case failed(id: Int, message: String)

    /// The item asked for.
    public var id: Int {
        switch self {
        case .found(let item): item.id
        case .absent(let id), .failed(let id, _): id
        }
    }

    /// The item, when it was found.
    public var item: Item? {
        if case .found(let item) = self { item } else { nil }
    }
}

extension HackerNewsClient {
    /// How asking for each of `ids` ended, in the order of `ids` (ranking order) whatever order
    /// the requests finish in, at most `concurrency` requests at a time.
    ///
    /// One item failing neither stops nor cancels the others: each request ends by its own
    /// deadline, so a batch takes at most about a request's time per round of `concurrency`.
    public func itemOutcomes(ids: [Int], concurrency: Int = 8) async -> [ItemOutcome] {
        var outcomes = ids.map { ItemOutcome.failed(id: $0, message: "not asked for") }
        await withTaskGroup(of: (Int, ItemOutcome).self) { group in
            var next = 0
            func startNext() {
                guard next < ids.count else { return }
                let index = next
                let id = ids[index]
                next += 1
                group.addTask {
                    do {
                        if let item = try await self.item(id: id) {
                            return (index, .found(item))
                        }
                        return (index, .absent(id: id))
                    } catch is CancellationError {
                        return (index, .failed(id: id, message: "cancelled"))
                    } catch {
                        return (index, .failed(id: id, message: "\(error)"))
                    }
                }
            }
            for _ in 0..<max(1, concurrency) { startNext() }
            while let (index, outcome) = await group.next() {
                outcomes[index] = outcome
                startNext()
            }
        }
        return outcomes
    }

    /// The items for `ids`, in the order of `ids`, at most `concurrency` requests at a time. Ids
    /// without an item are left out.
    ///
    /// - Throws: The first failure in ranking order, once every request has ended.
    public func items(ids: [Int], concurrency: Int = 8) async throws -> [Item] {
        let outcomes = await itemOutcomes(ids: ids, concurrency: concurrency)
        try Task.checkCancellation()
        return try outcomes.compactMap { outcome in
            if case .failed(let id, let message) = outcome {
                throw ItemFailure(id: id, message: message)
            }
            return outcome.item
        }
    }
}

extension [ItemOutcome] {
    /// The first failure, when every item of a non-empty batch failed: then the batch as a
    /// whole failed (the server is down, the network gone), and is worth one message and a retry
    /// rather than a page of failed rows.
    public var failureOfAll: ItemFailure? {
        guard let first = first, allSatisfy({ if case .failed = $0 { true } else { false } }),
              case .failed(let id, let message) = first else { return nil }
        return ItemFailure(id: id, message: message)
    }
}

/// Asking for an item failed.
public struct ItemFailure: Error, Equatable, CustomStringConvertible {
    /// The item asked for.
    public var id: Int
    /// Why it failed.
    public var message: String

    /// The message.
    public var description: String { message }
}
