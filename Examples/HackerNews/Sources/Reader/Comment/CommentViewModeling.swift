import Observation

/// What one comment in a thread shows, and collapsing it.
@MainActor
public protocol CommentViewModeling: Observable, Identifiable where ID == Int {
    /// Who wrote it, or "[deleted]" for a removed comment kept because it has replies.
    var author: String { get }
    /// "3 hours ago".
    var age: String { get }
    /// The comment as plain text.
    var text: String { get }
    /// How deep in the thread it sits: 0 for a reply to the story.
    var depth: Int { get }
    /// How many replies are below it, at any depth.
    var replyCount: Int { get }
    /// Whether it is folded: its text and replies hidden.
    var isCollapsed: Bool { get }
    /// Folds the comment and its replies away, or shows them again.
    func toggle()
}
