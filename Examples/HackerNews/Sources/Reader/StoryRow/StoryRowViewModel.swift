import Foundation
import HackerNewsModel
import MVVM
import Observation

/// One row of a story list. Opening it is the parent's business, so it goes up as a responder
/// action.
@MainActor
@Observable
public final class StoryRowViewModel: StoryRowViewModeling {
    /// What a row asks its list to do.
    public enum ResponderAction: Equatable {
        /// Show this story.
        case open(Item)
    }

    public let rank: Int
    public let title: String
    public let footnote: String
    public let counts: String
    /// The story behind the row.
    public let story: Item

    private let responder: Responder<ResponderAction>

    /// Creates the row for `story` at `rank`, with the footnote's age measured to `now`.
    public init(story: Item, rank: Int, now: Date, responder: Responder<ResponderAction>) {
        self.story = story
        self.rank = rank
        title = story.title ?? "Untitled"
        footnote = Footnote.text(for: story, now: now)
        counts = Self.counts(of: story)
        self.responder = responder
    }

    public nonisolated var id: Int { story.id }

    public func open() {
        responder.send(.open(story))
    }

    private static func counts(of story: Item) -> String {
        var parts: [String] = []
        if let score = story.score {
            parts.append(score == 1 ? "1 point" : "\(score) points")
        }
        if let comments = story.descendants, story.kind != .job {
            parts.append(comments == 1 ? "1 comment" : "\(comments) comments")
        }
        return parts.joined(separator: " · ")
    }
}
