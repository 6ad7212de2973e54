import Foundation
import HackerNewsTestSupport
import Testing
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The interactive reader on a pseudo-terminal, against servers that fail or send hostile text,
/// and stopped and continued as job control does.
@Suite(.serialized)
struct HostileTerminalTests {
    @Test func aStoryThatNeverAnswersFailsInItsRowAndQuitEndsTheReader() async throws {
        try await withFaultyServer(HostileServerTests.topThree(withStory2: .silence)) { root in
            let terminal = try PseudoTerminal(arguments: ["--api", root.absoluteString, "--timeout", "1"], columns: 160)
            let screen = try await terminal.screen { $0.contains("  3.  Story 3") }
            #expect(screen.contains("> 1.  Story 1"))
            #expect(screen.contains("  2.  Story 2 could not be loaded"))
            let reason = try #require(screen.firstIndex(of: "  2.  Story 2 could not be loaded")).advanced(by: 1)
            try #require(reason < screen.count)
            #expect(screen[reason].contains("no complete answer within 1 second"), "\(screen[reason])")
            terminal.send("q")
            #expect(try await terminal.waitForExit() == 0)
        }
    }

    @Test func serverTextCannotDriveTheTerminal() async throws {
        try await withFaultyServer(HostileServerTests.hostileServer) { root in
            let terminal = try PseudoTerminal(arguments: ["--api", root.absoluteString, "--timeout", "5"])
            let screen = try await terminal.screen { $0.contains { $0.hasPrefix("> 1.  ") } }
            #expect(screen.contains("> 1.  �]0;pwned�Evil�[2J  99. Fake story�desrever�"), "\(screen)")
            #expect(screen.contains { $0.hasSuffix(" · �31mred") }, "\(screen)")
            terminal.send("\r")
            try await terminal.screen { $0.count > 2 && $0[2].hasPrefix("�]0;pwned") }
            terminal.send("q")
            #expect(try await terminal.waitForExit() == 0)
            let written = terminal.text
            // The reader's own sequences are all CSI ones it chose; none of the server's got out.
            #expect(!written.contains("\u{1B}]"), "no operating system command (window title)")
            #expect(!written.contains("\u{7}"), "no bell")
            #expect(!written.contains("\u{1B}[2J"), "no screen clearing")
            #expect(!written.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" || $0 == "\u{7F}" })
        }
    }

    #if os(Linux)
    /// By `kill -TSTP`, or by Ctrl-Z at the keyboard: raw mode turns the terminal's own
    /// signal keys off, so the byte reaches the reader, which must stop itself.
    @Test(arguments: ["SIGTSTP", "Ctrl-Z"])
    func stoppingRestoresTheTerminalAndContinuingTakesItBack(by stop: String) async throws {
        let terminal = try PseudoTerminal()
        try await terminal.screen(until: { $0.contains(TerminalSessionTests.firstRow) })
        #expect(!terminal.isCooked)

        let beforeStop = terminal.outputCount
        if stop == "Ctrl-Z" {
            terminal.send("\u{1A}")
        } else {
            terminal.signal(SIGTSTP)
        }
        try await terminal.waitUntilStopped()
        try await terminal.output(after: beforeStop) { Self.contains($0, "\u{1B}[?25h\u{1B}[?1049l") }
        #expect(terminal.isCooked, "the shell gets its terminal back while the reader is stopped")

        let beforeContinue = terminal.outputCount
        terminal.signal(SIGCONT)
        // Back on the alternate screen, and a whole frame drawn again.
        try await terminal.output(after: beforeContinue) { Self.contains($0, "\u{1B}[?1049h") && Self.contains($0, "\u{1B}[J") }
        #expect(!terminal.isCooked, "raw mode again")
        let screen = try await terminal.screen(until: { $0.contains(TerminalSessionTests.firstRow) })
        #expect(screen.count == 24)

        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
        #expect(terminal.isCooked)
        #expect(terminal.text.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    }

    /// Stopped and continued again and again, by signal and by key alike: each stop leaves the
    /// reader's screen once and hands the shell its settings, and each continue takes the
    /// terminal back once, in raw mode. (A stop signal the reader sent itself used to be caught
    /// again after its handler was back, so one stop could leave and enter thousands of times,
    /// or stop the process after raw mode was back.)
    @Test func everyStopLeavesOnceAndEveryContinueTakesTheTerminalBackOnce() async throws {
        let leave = "\u{1B}[?25h\u{1B}[?1049l", enter = "\u{1B}[?1049h\u{1B}[?25l"
        let terminal = try PseudoTerminal()
        try await terminal.screen(until: { $0.contains(TerminalSessionTests.firstRow) })
        let stops = 25
        for round in 1...stops {
            let beforeStop = terminal.outputCount
            if round.isMultiple(of: 2) {
                terminal.send("\u{1A}")
            } else {
                terminal.signal(SIGTSTP)
            }
            try await terminal.waitUntilStopped()
            terminal.readWaiting()
            let stopping = terminal.output[beforeStop...]
            #expect(Self.count(stopping, leave) == 1 && Self.count(stopping, enter) == 0, "stop \(round): left \(Self.count(stopping, leave)) times, entered \(Self.count(stopping, enter)) times")
            #expect(terminal.isCooked, "stop \(round): the shell has its settings while the reader is stopped")

            let beforeContinue = terminal.outputCount
            terminal.signal(SIGCONT)
            try await terminal.output(after: beforeContinue) { Self.contains($0, enter) && Self.contains($0, "\u{1B}[J") }
            #expect(!terminal.isCooked, "stop \(round): raw mode again after continuing")
        }
        terminal.send("q")
        #expect(try await terminal.waitForExit() == 0)
        // One more of each: taking the terminal at the start and giving it back at the end.
        #expect(Self.count(terminal.output[...], leave) == stops + 1)
        #expect(Self.count(terminal.output[...], enter) == stops + 1)
        #expect(terminal.isCooked)
    }
    #endif

    /// A fault (a trap such as a library's precondition, a bad access, an abort) cannot be
    /// survived, but the terminal is put back before the process ends.
    @Test(arguments: [SIGILL, SIGSEGV, SIGABRT])
    func aFaultRestoresTheTerminalBeforeTheProcessEnds(signal: Int32) async throws {
        let terminal = try PseudoTerminal()
        try await terminal.screen(until: { $0.contains(TerminalSessionTests.firstRow) })
        terminal.signal(signal)
        #expect(try await terminal.waitForExit() == signal)
        #expect(terminal.isCooked)
        #expect(terminal.text.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    }

    @Test(arguments: [SIGQUIT, SIGUSR1, SIGALRM])
    func otherTerminatingSignalsRestoreTheTerminalToo(signal: Int32) async throws {
        let terminal = try PseudoTerminal()
        try await terminal.screen(until: { $0.contains(TerminalSessionTests.firstRow) })
        terminal.signal(signal)
        #expect(try await terminal.waitForExit() == 128 + signal)
        #expect(terminal.isCooked)
        #expect(terminal.text.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    }

    static func count(_ bytes: ArraySlice<UInt8>, _ text: String) -> Int {
        let needle = Array(text.utf8)
        var found = 0
        var index = bytes.startIndex
        while index + needle.count <= bytes.endIndex {
            if bytes[index..<index + needle.count].elementsEqual(needle) {
                found += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }

    static func contains(_ bytes: ArraySlice<UInt8>, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        var index = bytes.startIndex
        while index + needle.count <= bytes.endIndex {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
