import Foundation
import Testing
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// `hn` driven through a pseudo-terminal, as a user at a keyboard drives it.
@Suite(.serialized)
struct TerminalSessionTests {
    static let firstRow = "> 1.  A tiny text editor written in one weekend"

    func listScreen(_ lines: [String]) -> Bool {
        lines.contains(Self.firstRow) && lines.last?.contains("⏎ open") == true
    }

    func storyScreen(_ lines: [String]) -> Bool {
        lines.count > 2 && lines[2] == "A tiny text editor written in one weekend" && lines.contains("Comments")
    }

    func expectRestored(_ terminal: PseudoTerminal) {
        #expect(terminal.isCooked, "canonical mode and echo are back")
        #expect(terminal.text.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "the cursor shows and the main screen is back")
    }

    @Test func opensAStoryGoesBackAndQuitsRestoringTheTerminal() async throws {
        let terminal = try PseudoTerminal()
        let list = try await terminal.screen(until: listScreen)
        #expect(list[0].hasPrefix("Hacker News  [Top] Best New Ask Show Jobs"))
        #expect(list[0].hasSuffix("sample data"))
        #expect(list.count == 24)
        #expect(!terminal.isCooked, "the reader runs in raw mode")

        terminal.send("\r")
        let story = try await terminal.screen(until: storyScreen)
        #expect(story[3] == "example.com · 8 hours ago · kestrel")
        #expect(story[4] == "https://example.com/weekend-editor")
        #expect(story.last?.contains("← back") == true)

        terminal.send("\u{1B}[D")
        try await terminal.screen(until: listScreen)

        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
        expectRestored(terminal)
    }

    @Test func openStartsInTheStoryAndGoesBackToItsList() async throws {
        let terminal = try PseudoTerminal(arguments: ["--open", "1001"])
        let story = try await terminal.screen(until: storyScreen)
        #expect(story[3] == "example.com · 8 hours ago · kestrel")
        // Its comments load as it appears, the first one selected.
        try await terminal.screen { $0.contains { $0.hasPrefix("> dev_null · 7 hours ago") } }

        // The list under the story is the one the route names, loaded as it appears.
        terminal.send("\u{1B}[D")
        try await terminal.screen(until: listScreen)

        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
        expectRestored(terminal)
    }

    @Test func movingDownSelectsTheNextStoryAndCollapsingFoldsReplies() async throws {
        let terminal = try PseudoTerminal()
        try await terminal.screen(until: listScreen)
        terminal.send("j")
        try await terminal.screen { $0.contains("> 2.  Why our build got 40% faster after deleting code") }
        terminal.send("k\r")
        try await terminal.screen(until: storyScreen)
        terminal.send(" ")
        let folded = try await terminal.screen { $0.contains("> dev_null · 7 hours ago [+4]") }
        let header = try #require(folded.firstIndex(of: "> dev_null · 7 hours ago [+4]"))
        // Its text and its four replies are hidden: the next comment at its depth follows.
        #expect(folded[header + 1] == "  ivo · 7 hours ago")
        terminal.send(" ")
        let unfolded = try await terminal.screen { $0.contains("> dev_null · 7 hours ago") }
        #expect(unfolded[header + 2] == "    nadia · 6 hours ago")
        terminal.send("\u{3}")
        #expect(try await terminal.waitForExit() == 0)
        expectRestored(terminal)
    }

    @Test func switchingTheListShowsItsStories() async throws {
        let terminal = try PseudoTerminal()
        try await terminal.screen(until: listScreen)
        terminal.send("\t")
        let best = try await terminal.screen { $0.first?.hasPrefix("Hacker News  Top [Best]") == true && $0.contains { $0.hasPrefix("> 1.") } }
        #expect(!best.contains(Self.firstRow))
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test func openingALinkShowsItInTheStatusLine() async throws {
        let terminal = try PseudoTerminal()
        try await terminal.screen(until: listScreen)
        terminal.send("\r")
        try await terminal.screen(until: storyScreen)
        terminal.send("o")
        let screen = try await terminal.screen { $0.contains("Link: https://example.com/weekend-editor") }
        #expect(screen[screen.count - 2] == "Link: https://example.com/weekend-editor")
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test func redrawsAtTheNewSizeWhenTheTerminalIsResized() async throws {
        let terminal = try PseudoTerminal(rows: 24, columns: 80)
        try await terminal.screen(until: listScreen)
        terminal.resize(rows: 12, columns: 100)
        terminal.signal(SIGWINCH)
        let resized = try await terminal.screen { $0.count == 12 && $0[1] == String(repeating: "─", count: 100) }
        #expect(resized[0].count == 100)
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aTerminatingSignalRestoresTheTerminal(signal: Int32) async throws {
        let terminal = try PseudoTerminal()
        try await terminal.screen(until: listScreen)
        terminal.signal(signal)
        #expect(try await terminal.waitForExit() == 128 + signal)
        expectRestored(terminal)
    }
}
