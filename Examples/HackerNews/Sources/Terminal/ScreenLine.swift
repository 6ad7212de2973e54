/// One line of the terminal screen: its text, cut to the screen's width, and whether it is the
/// selection (drawn in reverse video).
public struct ScreenLine: Equatable, Sendable {
    /// The text, without escape sequences.
    public var text: String
    /// Whether the line belongs to the selected row or comment.
    public var isSelected: Bool

    /// Creates a line.
    public init(_ text: String, isSelected: Bool = false) {
        self.text = text
        self.isSelected = isSelected
    }
}

/// Where the user is on each screen: the selected row and comment, and how far each screen is
/// scrolled. It belongs to the terminal, like a SwiftUI view's scroll position.
public struct ScreenPosition: Equatable, Sendable {
    /// The selected story row.
    public var row = 0
    /// The list's first visible line.
    public var listTop = 0
    /// The selected comment.
    public var comment = 0
    /// The story screen's first visible line.
    public var storyTop = 0

    /// The position at the top of both screens.
    public init() {}
}
