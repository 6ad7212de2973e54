import Foundation
import HackerNewsModel
import HackerNewsReader
import MVVM

/// The reader's output when standard output is not a terminal: the list as text lines or as the
/// API's JSON, made by the same story list view model the screens use.
@MainActor
public enum PrintedList {
    /// How to print.
    public enum Format: Sendable {
        /// "1. Title" and an indented footnote per story.
        case text
        /// A JSON array of the stories, in the API's item shape.
        case json
    }

    /// What to print: the stories, and what could not be shown.
    public struct Printout: Sendable {
        /// The stories, as text or JSON; stories that failed show as failed rows in text, and
        /// are left out of JSON.
        public var text: String
        /// One line per story that could not be loaded, naming it and saying why.
        public var failures: [String]
    }

    /// Loads the first `limit` stories of `list` and returns them printed. Server text comes out
    /// without control characters: replaced in text, escaped in JSON.
    ///
    /// - Throws: ``LoadFailure`` with the list's message when loading fails, or when no story
    ///   can be shown.
    public static func render(
        list: StoryList, limit: Int, format: Format, client: any HackerNewsClient, clock: any ReaderClock
    ) async throws -> Printout {
        let tasks = TaskOwner()
        let viewModel = StoryListViewModel(
            dependencies: .init(client: client, clock: clock), list: list, pageSize: limit,
            responder: .noop, tasks: tasks
        )
        viewModel.load()
        await tasks.waitForAll()
        switch viewModel.state {
        case .idle, .loading:
            throw LoadFailure(description: "the list did not load")
        case .failed(let message):
            throw LoadFailure(description: message)
        case .loaded(let rows, _, _):
            let failures = rows.compactMap { row in
                row.failure.map { "story \(row.story.id) could not be loaded: \(ServerText.displayable($0))" }
            }
            guard rows.contains(where: { $0.failure == nil }) else {
                throw LoadFailure(
                    description: failures.first.map { "no \(list.title) story could be shown; \($0)" }
                        ?? "the \(list.title) list has no stories to show"
                )
            }
            switch format {
            case .text:
                let text = rows.map { row in
                    let details = [row.footnote, row.counts].filter { !$0.isEmpty }.joined(separator: " · ")
                    return "\(row.rank). \(ServerText.displayable(row.title))\n    \(ServerText.displayable(details))\n"
                }.joined()
                return Printout(text: text, failures: failures)
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                let stories = rows.filter { $0.failure == nil }.map(\.story)
                let json = String(decoding: try encoder.encode(stories), as: UTF8.self)
                return Printout(text: ServerText.escapingControls(inJSON: json) + "\n", failures: failures)
            }
        }
    }

    /// Loading the list failed; the description is the list's own message.
    public struct LoadFailure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }
}
