import HackerNewsModel
import HackerNewsReader

/// Draws the reader's view models as lines of text: the terminal's equivalent of the SwiftUI
/// views. It reads only view model state, so reading it under Observation tracking tells the
/// terminal exactly when to draw again.
@MainActor
public struct ScreenRenderer {
    /// The screen's size.
    public var size: RawTerminal.Size
    /// Where the stories come from, shown in the header ("sample data", a server's host).
    public var source: String

    /// Creates a renderer for a screen of `size`.
    public init(size: RawTerminal.Size, source: String) {
        self.size = size
        self.source = source
    }

    /// The screen for the reader's current state. The selection is clamped to what exists and
    /// the screen scrolled to show it, so `position` is updated too.
    public func render(_ reader: ReaderViewModel, status: String?, position: inout ScreenPosition) -> [ScreenLine] {
        var body: [ScreenLine]
        let help: String
        if let story = reader.openStory {
            body = storyBody(story, position: &position)
            // `r` loads the thread again only after it failed; elsewhere it does nothing.
            let retry = if case .failed = story.comments { "  r retry" } else { "" }
            help = "↑↓ move  space collapse  o open link  ← back\(retry)  q quit"
        } else {
            body = listBody(reader.storyList, position: &position)
            help = "↑↓ move  ⏎ open  tab list  r refresh  m more  q quit"
        }
        body += Array(repeating: ScreenLine(""), count: max(0, bodyHeight - body.count))
        let lines = [ScreenLine(header(reader.storyList.list)), ScreenLine(String(repeating: "─", count: width))]
            + body + [ScreenLine(status ?? ""), ScreenLine(help)]
        // Server text was made displayable where it was laid out; this pass guarantees that no
        // control character reaches the terminal from any line.
        return lines.map { ScreenLine(TextLayout.fit(ServerText.displayable($0.text), width: width), isSelected: $0.isSelected) }
    }

    private var width: Int { max(20, size.columns) }
    // Header, rule, status and help take four lines.
    private var bodyHeight: Int { max(1, size.rows - 4) }

    private func header(_ current: StoryList) -> String {
        let tabs = StoryList.allCases.map { $0 == current ? "[\($0.title)]" : $0.title }.joined(separator: " ")
        let left = "Hacker News  " + tabs
        let gap = width - left.terminalCells - source.terminalCells
        return gap >= 1 ? left + String(repeating: " ", count: gap) + source : left
    }

    private func listBody(_ list: StoryListViewModel, position: inout ScreenPosition) -> [ScreenLine] {
        switch list.state {
        case .idle, .loading:
            return [ScreenLine("Loading \(list.list.title) stories…")]
        case .failed(let message):
            return wrapped(message) + [ScreenLine("Press r to try again.")]
        case .loaded(let rows, let more, let refresh):
            position.row = clamp(position.row, count: rows.count)
            var lines: [ScreenLine] = []
            switch refresh {
            case .current: break
            case .refreshing: lines.append(ScreenLine("  Refreshing…"))
            case .failed(let message): lines.append(ScreenLine("  \(message) Press r to try again."))
            }
            var selected = lines.count..<lines.count
            for (index, row) in rows.enumerated() {
                let isSelected = index == position.row
                let start = lines.count
                let rank = "\(row.rank).".padding(toLength: 4, withPad: " ", startingAt: 0)
                lines.append(ScreenLine((isSelected ? "> " : "  ") + rank + ServerText.displayable(row.title), isSelected: isSelected))
                let details = ServerText.displayable([row.footnote, row.counts].filter { !$0.isEmpty }.joined(separator: " · "))
                lines.append(ScreenLine("      " + details, isSelected: isSelected))
                if isSelected {
                    selected = start..<lines.count
                }
            }
            if rows.isEmpty {
                lines.append(ScreenLine("No stories in this list."))
            }
            switch more {
            case .available: lines.append(ScreenLine("  m: more stories"))
            case .loading: lines.append(ScreenLine("  Loading more stories…"))
            case .failed(let message): lines.append(ScreenLine("  \(message) Press m to try again."))
            case .exhausted: lines.append(ScreenLine("  End of the list."))
            }
            // The refresh line shows with the first row, and the pager line with the last.
            if position.row == 0 {
                selected = 0..<selected.upperBound
            }
            if position.row == rows.count - 1 {
                selected = selected.lowerBound..<lines.count
            }
            return window(lines, showing: selected, top: &position.listTop)
        }
    }

    private func storyBody(_ story: StoryViewModel, position: inout ScreenPosition) -> [ScreenLine] {
        // A title is one paragraph, whatever line breaks the server put in it.
        var lines = wrapped(ServerText.displayable(story.title))
        lines.append(ScreenLine(story.footnote))
        if let link = story.link {
            lines.append(ScreenLine(link.absoluteString))
        }
        if let text = story.text {
            lines.append(ScreenLine(""))
            lines += wrapped(text)
        }
        lines.append(ScreenLine(""))
        var selected = 0..<lines.count
        switch story.comments {
        case .idle, .loading:
            lines.append(ScreenLine("Loading comments…"))
        case .failed(let message):
            lines += wrapped(message) + [ScreenLine("Press r to try again.")]
        case .loaded(let comments) where comments.isEmpty:
            lines.append(ScreenLine(story.noCommentsMessage))
        case .loaded(let comments):
            lines.append(ScreenLine("Comments"))
            position.comment = clamp(position.comment, count: comments.count)
            for (index, comment) in comments.enumerated() {
                let isSelected = index == position.comment
                let start = lines.count
                let indent = String(repeating: "  ", count: comment.depth)
                let folded = comment.isCollapsed ? " [+\(comment.replyCount)]" : ""
                let byline = ServerText.displayable([comment.author, comment.age].filter { !$0.isEmpty }.joined(separator: " · "))
                lines.append(ScreenLine((isSelected ? "> " : "  ") + indent + byline + folded, isSelected: isSelected))
                if !comment.isCollapsed {
                    let text = ServerText.displayable(comment.text, keepingLineBreaks: true)
                    for line in TextLayout.wrap(text, width: width - indent.count - 4) where !text.isEmpty {
                        lines.append(ScreenLine("    " + indent + line, isSelected: isSelected))
                    }
                }
                if isSelected {
                    // The first comment scrolls with the story above it.
                    selected = (index == 0 ? 0 : start)..<lines.count
                }
            }
        }
        return window(lines, showing: selected, top: &position.storyTop)
    }

    private func wrapped(_ text: String) -> [ScreenLine] {
        TextLayout.wrap(ServerText.displayable(text, keepingLineBreaks: true), width: width).map { ScreenLine($0) }
    }

    /// The body-high slice of `lines` that shows `selected`, moving `top` as little as possible.
    private func window(_ lines: [ScreenLine], showing selected: Range<Int>, top: inout Int) -> [ScreenLine] {
        if selected.upperBound > top + bodyHeight {
            top = selected.upperBound - bodyHeight
        }
        if selected.lowerBound < top {
            top = selected.lowerBound
        }
        top = max(0, min(top, lines.count - bodyHeight))
        return Array(lines[top..<min(lines.count, top + bodyHeight)])
    }

    private func clamp(_ index: Int, count: Int) -> Int {
        max(0, min(index, count - 1))
    }
}
