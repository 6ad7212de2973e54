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
    /// The story behind the row; only its id when the story could not be loaded.
    public let story: Item
    /// Why the story could not be loaded, for a row standing in for it; `nil` for a story.
    public let failure: String?

    private let responder: Responder<ResponderAction>

    /// Creates the row for `story` at `rank`, with the footnote's age measured to `now`.
    public init(story: Item, rank: Int, now: Date, responder: Responder<ResponderAction>) {
        self.story = story
        self.rank = rank
        title = story.title ?? "Untitled"
        footnote = Footnote.text(for: story, now: now)
        counts = Self.counts(of: story)
        failure = nil
        self.responder = responder
    }

    /// Creates the row standing in at `rank` for the story `id`, which could not be loaded
    /// because of `failure`; the rest of the list loads all the same.
    public init(failedStory id: Int, failure: String, rank: Int, responder: Responder<ResponderAction>) {
        story = Item(id: id)
        self.rank = rank
        title = "Story \(id) could not be loaded"
        footnote = failure
        counts = ""
        self.failure = failure
        self.responder = responder
    }

    public nonisolated var id: Int { story.id }

    public func open() {
        // A story that never loaded has nothing to show.
        guard failure == nil else { return }
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
