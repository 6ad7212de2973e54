import Foundation
import Observation

/// What the story screen needs: the story's details, its comment thread, and the intents to load
/// the thread and open the story's link.
@MainActor
public protocol StoryViewModeling: Observable, Hashable {
    /// The comments' view model type.
    associatedtype SomeCommentViewModel: CommentViewModeling

    /// The story's title.
    var title: String { get }
    /// "site · age · author".
    var footnote: String { get }
    /// The link the story points to; `nil` for Ask HN and other text posts.
    var link: URL? { get }
    /// The post's own text (Ask HN, jobs), as plain text.
    var text: String? { get }
    /// The thread.
    var comments: CommentsState<SomeCommentViewModel> { get }
    /// Loads the thread unless it is loaded or loading: the screen calls it when it appears.
    func load()
    /// Opens the story's link, if it has one.
    func openLink()
}

extension StoryViewModeling {
    /// What a screen says where the thread loaded with no comments. Every front end (the SwiftUI
    /// view, the terminal screen, `hn`'s printout) says it from here, so they read the same.
    public var noCommentsMessage: String { "No comments yet." }
}
