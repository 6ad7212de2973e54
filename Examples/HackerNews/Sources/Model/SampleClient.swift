import Foundation

/// The bundled sample: a few dozen invented stories and comment threads, clearly not real Hacker
/// News content, so the reader works offline and previews and tests have stable data.
public struct SampleClient: HackerNewsClient {
    /// Why the sample could not be loaded.
    public struct LoadError: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The moment the invented snapshot stands for; footnotes read well against it.
    public let snapshotTime: Date
    /// What the sample says it is.
    public let note: String
    private let lists: [StoryList: [Int]]
    private let itemsByID: [Int: Item]

    private struct File: Decodable {
        var note: String
        var snapshotTime: Int
        var lists: [String: [Int]]
        var items: [Item]
    }

    /// Loads the sample from the package's resources.
    public init() throws {
        guard let url = Bundle.module.url(forResource: "sample", withExtension: "json") else {
            throw LoadError(description: "the sample data is missing from the package's resources")
        }
        try self.init(data: Data(contentsOf: url))
    }

    /// Loads a sample in the same format from `data`.
    public init(data: Data) throws {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw LoadError(description: "the sample data does not decode: \(error)")
        }
        snapshotTime = Date(timeIntervalSince1970: TimeInterval(file.snapshotTime))
        note = file.note
        var lists: [StoryList: [Int]] = [:]
        for (name, ids) in file.lists {
            guard let list = StoryList(rawValue: name) else { continue }
            lists[list] = ids
        }
        self.lists = lists
        itemsByID = Dictionary(file.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The stories of `list` in ranking order, at once: for previews, which cannot wait.
    public func stories(in list: StoryList) -> [Item] {
        (lists[list] ?? []).compactMap { itemsByID[$0] }
    }

    public func storyIDs(in list: StoryList) async throws -> [Int] {
        lists[list] ?? []
    }

    public func item(id: Int) async throws -> Item? {
        itemsByID[id]
    }
}
