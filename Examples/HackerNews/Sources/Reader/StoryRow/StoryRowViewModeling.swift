import Observation

/// What a story list row shows and the one thing the user can do with it.
@MainActor
public protocol StoryRowViewModeling: Observable, Identifiable where ID == Int {
    /// The position in the list, from 1.
    var rank: Int { get }
    /// The story's title.
    var title: String { get }
    /// "site · age · author".
    var footnote: String { get }
    /// "128 points · 42 comments", the parts the story has.
    var counts: String { get }
    /// Opens the story: its comments and details.
    func open()
}
