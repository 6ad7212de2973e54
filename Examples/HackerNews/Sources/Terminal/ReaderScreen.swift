import HackerNewsModel
import HackerNewsReader

/// The terminal front end's screen logic: turns keys into the view models' intents, as the
/// SwiftUI views turn taps into them, and draws the current state.
///
/// It holds only what a view would: the selection and scroll position.
@MainActor
public final class ReaderScreen {
    /// What a key asks of the program.
    public enum Outcome: Equatable {
        /// Keep running.
        case proceed
        /// Quit and restore the terminal.
        case quit
    }

    /// The root view model.
    public let reader: ReaderViewModel
    // Where the selection is; the renderer clamps it and scrolls to it.
    private var position = ScreenPosition()
    /// How the screen is drawn; its size follows the terminal.
    public var renderer: ScreenRenderer

    private let linkOpener: TerminalLinkOpener
    // What has appeared, so each screen starts its work once per appearance, as `.task` does;
    // a failed load waits for the user's `r` instead of retrying on every redraw.
    private var listAppeared = false
    private var appearedStory: ObjectIdentifier?
    // The story last shown, whose row going back selects, as a list under a pushed screen keeps
    // its place. A story opened by a route (`hn --open`, a link) was never selected in the list,
    // and its list may still have to load, so the row is found once rows are there.
    private var storyToSelect: Int?

    /// Creates the front end for `reader`, which opens links through `linkOpener`.
    public init(reader: ReaderViewModel, linkOpener: TerminalLinkOpener, renderer: ScreenRenderer) {
        self.reader = reader
        self.linkOpener = linkOpener
        self.renderer = renderer
    }

    /// Starts what the screens start when they appear (SwiftUI's `.task`) and draws the screen.
    /// Everything observable it reads is what a change must redraw.
    public func frame() -> [ScreenLine] {
        if let story = reader.openStory {
            if appearedStory != ObjectIdentifier(story) {
                appearedStory = ObjectIdentifier(story)
                story.load()
            }
            storyToSelect = story.story.id
        } else {
            appearedStory = nil
            if !listAppeared {
                listAppeared = true
                reader.storyList.load()
            }
            selectStoryGoneBackFrom()
        }
        // A story a route named that could not be opened is said where links are.
        let status = reader.openFailure.map { ServerText.displayable($0) } ?? linkOpener.lastOpened.map { "Link: \($0.absoluteString)" }
        return renderer.render(reader, status: status, position: &position)
    }

    /// Acts on one key.
    public func handle(_ key: Key) -> Outcome {
        switch key {
        case .interrupt, .character("q"):
            return .quit
        default:
            break
        }
        if let story = reader.openStory {
            handleStory(key, story)
        } else {
            handleList(key)
        }
        return .proceed
    }

    /// Selects the row of the story just closed, once the list has rows; a story not among them
    /// leaves the selection where it was.
    private func selectStoryGoneBackFrom() {
        guard let id = storyToSelect, case .loaded(let rows, _, _) = reader.storyList.state else { return }
        storyToSelect = nil
        if let row = rows.firstIndex(where: { $0.story.id == id }) {
            position.row = row
        }
    }

    private func handleList(_ key: Key) {
        let list = reader.storyList
        // A key can come before the frame that would select it.
        selectStoryGoneBackFrom()
        switch key {
        case .up, .character("k"):
            // The user chose a row: the story gone back from no longer decides it.
            storyToSelect = nil
            position.row = max(0, position.row - 1)
        case .down, .character("j"):
            guard case .loaded(let rows, let more, _) = list.state else { return }
            position.row = min(position.row + 1, rows.count - 1)
            // Reaching the last row pages on, as a list scrolled to its end does.
            if position.row == rows.count - 1, more == .available {
                list.loadMore()
            }
        case .enter, .right, .character("l"):
            guard case .loaded(let rows, _, _) = list.state, rows.indices.contains(position.row) else { return }
            position.comment = 0
            position.storyTop = 0
            rows[position.row].open()
        case .tab, .character("t"):
            let lists = StoryList.allCases
            let next = lists[((lists.firstIndex(of: list.list) ?? 0) + 1) % lists.count]
            storyToSelect = nil
            position = ScreenPosition()
            list.list = next
        case .character("r"):
            position = ScreenPosition()
            list.refresh()
        case .character("m"):
            list.loadMore()
        default:
            break
        }
    }

    private func handleStory(_ key: Key, _ story: StoryViewModel) {
        switch key {
        case .up, .character("k"):
            position.comment = max(0, position.comment - 1)
        case .down, .character("j"):
            guard case .loaded(let comments) = story.comments else { return }
            position.comment = min(position.comment + 1, max(0, comments.count - 1))
        case .space, .enter, .character("c"):
            guard case .loaded(let comments) = story.comments, comments.indices.contains(position.comment) else { return }
            comments[position.comment].toggle()
        case .character("o"):
            story.openLink()
        case .character("r"):
            story.load()
        case .left, .escape, .backspace, .character("h"), .character("b"):
            reader.closeStory()
        default:
            break
        }
    }
}
