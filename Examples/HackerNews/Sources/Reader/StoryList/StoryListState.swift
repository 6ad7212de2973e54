/// Where a story list is. Rows exist only once loaded and a first-page error only when there are
/// no rows, so a screen cannot show rows behind a full-screen spinner, or an error in place of
/// rows it still has, by mistake.
public enum StoryListState<Row> {
    /// Nothing asked for yet.
    case idle
    /// The first page is loading, with no rows to show meanwhile.
    case loading
    /// Rows are showing; `more` says whether and how further pages come, and `refresh` whether
    /// fresh rankings are on their way to replace them.
    case loaded(rows: [Row], more: MoreStories, refresh: RefreshState)
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

/// A refresh of rows already showing: they stay until fresh ones arrive, as under a pull-to-refresh
/// indicator, and stay after a failed refresh too.
public enum RefreshState: Equatable, Sendable {
    /// The rows are the latest fetched.
    case current
    /// Fresh rankings are loading.
    case refreshing
    /// The last refresh failed; the rows are the ones from before it.
    case failed(message: String)
}
