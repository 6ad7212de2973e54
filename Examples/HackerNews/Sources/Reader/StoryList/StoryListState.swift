/// Where a story list is. Rows exist only once loaded and an error only once failed, so a screen
/// cannot show rows and a spinner, or an error next to stale rows, by mistake.
public enum StoryListState<Row> {
    /// Nothing asked for yet.
    case idle
    /// The first page is loading.
    case loading
    /// Rows are showing; `more` says whether and how further pages come.
    case loaded(rows: [Row], more: MoreStories)
    /// The first page could not be loaded; the message is for the user.
    case failed(message: String)
}

/// The state of paging below loaded rows.
public enum MoreStories: Equatable, Sendable {
    /// Another page can be loaded.
    case available
    /// The next page is loading.
    case loading
    /// The last attempt failed; trying again is allowed.
    case failed(message: String)
    /// The list has no more stories.
    case exhausted
}
