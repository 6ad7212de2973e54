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

    /// Loads the first `limit` stories of `list` and returns them printed.
    ///
    /// - Throws: ``LoadFailure`` with the list's message when loading fails.
    public static func render(
        list: StoryList, limit: Int, format: Format, client: any HackerNewsClient, clock: any ReaderClock
    ) async throws -> String {
        let tasks = TaskOwner()
        let viewModel = StoryListViewModel(
            dependencies: .init(client: client, clock: clock), list: list, pageSize: limit,
            responder: .noop, tasks: tasks
        )
        viewModel.load()
        await tasks.untilIdle()
        switch viewModel.state {
        case .idle, .loading:
            throw LoadFailure(description: "the list did not load")
        case .failed(let message):
            throw LoadFailure(description: message)
        case .loaded(let rows, _, _):
            switch format {
            case .text:
                return rows.map { row in
                    let details = [row.footnote, row.counts].filter { !$0.isEmpty }.joined(separator: " · ")
                    return "\(row.rank). \(row.title)\n    \(details)\n"
                }.joined()
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                return String(decoding: try encoder.encode(rows.map(\.story)), as: UTF8.self) + "\n"
            }
        }
    }

    /// Loading the list failed; the description is the list's own message.
    public struct LoadFailure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }
}
