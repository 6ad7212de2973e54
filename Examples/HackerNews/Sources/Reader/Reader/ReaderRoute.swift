import HackerNewsModel

/// Where the reader is, as a value: the list shown, and the story open over it.
///
/// The root view model builds its screens from a route (``ReaderViewModel/init(dependencyProvider:route:tasks:)``)
/// and reports the one it shows (``ReaderViewModel/route``), so a link, a command line
/// (`hn --open ID`) or restored state opens a deep screen without going through the screens
/// before it, and SwiftUI's navigation binds to the same value. It holds ids, not screens, so it
/// can be stored and compared.
public struct ReaderRoute: Hashable, Sendable, Codable {
    /// The list under everything.
    public var list: StoryList
    /// The id of the story open over the list, or `nil` for the list alone.
    public var storyID: Int?

    /// Creates the route to `list`, with the story `storyID` open over it when given.
    public init(list: StoryList = .top, storyID: Int? = nil) {
        self.list = list
        self.storyID = storyID
    }
}
