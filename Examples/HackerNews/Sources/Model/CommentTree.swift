/// A comment and its replies, in the order the API ranks them.
public struct CommentNode: Identifiable, Equatable, Sendable {
    /// The comment.
    public var comment: Item
    /// Its replies.
    public var replies: [CommentNode]

    /// The comment's id.
    public var id: Int { comment.id }

    /// Creates a node.
    public init(comment: Item, replies: [CommentNode] = []) {
        self.comment = comment
        self.replies = replies
    }

    /// How many comments the subtree holds, this one included.
    public var count: Int {
        1 + replies.reduce(0) { $0 + $1.count }
    }
}

/// Builds the comment tree of a story from its items.
public enum CommentTree {
    /// The replies to `kids`, recursively, from the items loaded so far. A deleted or dead
    /// comment is dropped unless it has replies, which keep it as a placeholder (as the site
    /// shows "[deleted]"); ids not loaded are skipped; a cycle in bad data is cut, and so is
    /// nesting deeper than `maximumDepth` levels, which keeps this recursion's depth bounded.
    public static func build(kids: [Int], items: [Int: Item], maximumDepth: Int = 200) -> [CommentNode] {
        var visited: Set<Int> = []
        return build(kids: kids, items: items, depthLeft: maximumDepth, visited: &visited)
    }

    private static func build(kids: [Int], items: [Int: Item], depthLeft: Int, visited: inout Set<Int>) -> [CommentNode] {
        guard depthLeft > 0 else { return [] }
        return kids.compactMap { id in
            guard let item = items[id], visited.insert(id).inserted else { return nil }
            let replies = build(kids: item.kids, items: items, depthLeft: depthLeft - 1, visited: &visited)
            if item.isGone && replies.isEmpty {
                return nil
            }
            return CommentNode(comment: item, replies: replies)
        }
    }
}
