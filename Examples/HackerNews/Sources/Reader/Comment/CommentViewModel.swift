import Foundation
import HackerNewsModel
import Observation

/// One comment of a story's thread. It only knows its own collapsed state; the story hides the
/// replies of collapsed comments.
@MainActor
@Observable
public final class CommentViewModel: CommentViewModeling {
    public let author: String
    public let age: String
    public let text: String
    public let depth: Int
    public let replyCount: Int
    public private(set) var isCollapsed = false

    private let commentID: Int

    /// Creates the view model of `node`'s comment at `depth`, its age measured to `now`.
    public init(node: CommentNode, depth: Int, now: Date) {
        let comment = node.comment
        commentID = comment.id
        author = comment.isGone ? "[deleted]" : comment.author ?? "unknown"
        age = comment.time.map { Footnote.age(from: $0, to: now) } ?? ""
        text = comment.isGone ? "" : PlainText.from(html: comment.text ?? "")
        self.depth = depth
        replyCount = node.count - 1
    }

    public nonisolated var id: Int { commentID }

    public func toggle() {
        isCollapsed.toggle()
    }
}
