import Foundation
import HackerNewsModel
import HackerNewsReader
import MVVM

/// `hn --open ID` when standard output is not a terminal: the story and its comments as text,
/// made by the reader's root view model built at the story's route, as the screen is.
@MainActor
public enum PrintedStory {
    /// Builds the reader at the route to story `id` over `list`, loads its comments, and returns
    /// them printed: the title, footnote, link and text, then each comment under its author and
    /// age, indented by its depth. Server text comes out without control characters.
    ///
    /// - Throws: ``PrintedList/LoadFailure`` when the story cannot be opened or its comments
    ///   cannot be loaded.
    public static func render(
        storyID id: Int, list: StoryList, client: any HackerNewsClient, clock: any ReaderClock
    ) async throws -> PrintedList.Printout {
        // One owner for the root and the screens it makes, so one wait covers them all.
        let tasks = TaskOwner()
        let reader = ReaderViewModel(
            dependencyProvider: ReaderViewModel.DependencyProvider(
                client: client, clock: clock, linkOpener: TerminalLinkOpener(), makeTaskOwner: { tasks }
            ),
            route: ReaderRoute(list: list, storyID: id),
            tasks: tasks
        )
        await tasks.waitForAll()
        guard let story = reader.openStory else {
            throw PrintedList.LoadFailure(description: reader.openFailure ?? "story \(id) could not be opened")
        }
        // What the story screen does when it appears.
        story.load()
        await tasks.waitForAll()
        let comments: [CommentViewModel]
        switch story.comments {
        case .idle, .loading:
            throw PrintedList.LoadFailure(description: "the comments of story \(id) did not load")
        case .failed(let message):
            throw PrintedList.LoadFailure(description: message)
        case .loaded(let loaded):
            comments = loaded
        }
        var lines = [ServerText.displayable(story.title), "    " + ServerText.displayable(story.footnote)]
        if let link = story.link {
            lines.append("    " + ServerText.displayable(link.absoluteString))
        }
        if let text = story.text {
            lines += paragraphs(text, indent: "")
        }
        lines.append("")
        lines.append(comments.isEmpty ? story.noCommentsMessage : comments.count == 1 ? "1 comment:" : "\(comments.count) comments:")
        for comment in comments {
            let indent = String(repeating: "  ", count: comment.depth)
            let byline = [comment.author, comment.age].filter { !$0.isEmpty }.joined(separator: " · ")
            lines.append("")
            lines.append(indent + ServerText.displayable(byline))
            lines += paragraphs(comment.text, indent: indent + "  ")
        }
        let failures = comments.filter { $0.author == "[not loaded]" }.map { "a comment could not be loaded: \(ServerText.displayable($0.text))" }
        return PrintedList.Printout(text: lines.joined(separator: "\n") + "\n", failures: failures)
    }

    private static func paragraphs(_ text: String, indent: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + ServerText.displayable(String($0)) }
    }
}
