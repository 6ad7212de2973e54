import Foundation

/// What kind of thing an item is, as the Hacker News API names it.
public enum ItemKind: String, Codable, Sendable, CaseIterable {
    /// A link or text post.
    case story
    /// A reply to a story or to another comment.
    case comment
    /// A job posting.
    case job
    /// A poll.
    case poll
    /// One option of a poll.
    case pollopt
}

/// One item of the Hacker News API: a story, comment, job, poll or poll option. Every field but
/// the id is optional in the API's JSON; `deleted` and `dead` items carry little else.
public struct Item: Identifiable, Equatable, Sendable {
    /// The item's unique id.
    public var id: Int
    /// The kind, or `nil` for a kind this version does not know.
    public var kind: ItemKind?
    /// The author's username.
    public var author: String?
    /// When it was created.
    public var time: Date?
    /// The comment, story or poll text, as HTML.
    public var text: String?
    /// The story's link.
    public var url: URL?
    /// The story, poll or job title.
    public var title: String?
    /// The story's score, or the votes for a poll option.
    public var score: Int?
    /// How many comments a story or poll has in all.
    public var descendants: Int?
    /// The ids of the direct replies, in ranked display order.
    public var kids: [Int]
    /// The comment's parent: a comment or the story.
    public var parent: Int?
    /// Whether the item was deleted.
    public var isDeleted: Bool
    /// Whether the item was flagged dead.
    public var isDead: Bool

    /// Creates an item.
    public init(
        id: Int, kind: ItemKind? = nil, author: String? = nil, time: Date? = nil, text: String? = nil,
        url: URL? = nil, title: String? = nil, score: Int? = nil, descendants: Int? = nil, kids: [Int] = [],
        parent: Int? = nil, isDeleted: Bool = false, isDead: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.author = author
        self.time = time
        self.text = text
        self.url = url
        self.title = title
        self.score = score
        self.descendants = descendants
        self.kids = kids
        self.parent = parent
        self.isDeleted = isDeleted
        self.isDead = isDead
    }

    /// Whether the item has nothing to show: deleted or dead.
    public var isGone: Bool { isDeleted || isDead }
}

extension Item: Codable {
    // The API's names; `time` is in seconds since 1970.
    enum CodingKeys: String, CodingKey {
        case id, type, by, time, text, url, title, score, descendants, kids, parent, deleted, dead
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        kind = try container.decodeIfPresent(String.self, forKey: .type).flatMap(ItemKind.init(rawValue:))
        author = try container.decodeIfPresent(String.self, forKey: .by)
        time = try container.decodeIfPresent(Int64.self, forKey: .time).map { Date(timeIntervalSince1970: TimeInterval($0)) }
        text = try container.decodeIfPresent(String.self, forKey: .text)
        // A malformed link is not worth failing the whole story for.
        url = (try? container.decodeIfPresent(String.self, forKey: .url)).flatMap { $0.flatMap(URL.init(string:)) }
        title = try container.decodeIfPresent(String.self, forKey: .title)
        score = try container.decodeIfPresent(Int.self, forKey: .score)
        descendants = try container.decodeIfPresent(Int.self, forKey: .descendants)
        kids = try container.decodeIfPresent([Int].self, forKey: .kids) ?? []
        parent = try container.decodeIfPresent(Int.self, forKey: .parent)
        isDeleted = try container.decodeIfPresent(Bool.self, forKey: .deleted) ?? false
        isDead = try container.decodeIfPresent(Bool.self, forKey: .dead) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(kind?.rawValue, forKey: .type)
        try container.encodeIfPresent(author, forKey: .by)
        try container.encodeIfPresent(time.map { Self.seconds(since1970: $0) }, forKey: .time)
        try container.encodeIfPresent(text, forKey: .text)
        try container.encodeIfPresent(url?.absoluteString, forKey: .url)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(score, forKey: .score)
        try container.encodeIfPresent(descendants, forKey: .descendants)
        if !kids.isEmpty { try container.encode(kids, forKey: .kids) }
        try container.encodeIfPresent(parent, forKey: .parent)
        if isDeleted { try container.encode(true, forKey: .deleted) }
        if isDead { try container.encode(true, forKey: .dead) }
    }

    // Whole seconds, clamped to what the API's integer can hold: any time an item can come with
    // (`Int64.min` and `Int64.max` included) converts without trapping.
    private static func seconds(since1970 time: Date) -> Int64 {
        let seconds = time.timeIntervalSince1970.rounded(.down)
        if seconds.isNaN { return 0 }
        if seconds >= 0x1p63 { return .max }
        if seconds < -0x1p63 { return .min }
        return Int64(seconds)
    }
}
