import HackerNewsTerminal
import Testing

struct KeyTests {
    @Test func decodesArrowsInBothCursorModes() {
        #expect(Key.keys(in: Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}OD".utf8)) == [.up, .down, .right, .left])
    }

    @Test func decodesControlAndPrintableKeys() {
        #expect(Key.keys(in: [0x0D, 0x0A, 0x7F, 0x09, 0x03, 0x20, 0x71, 0x1B]) == [
            .enter, .enter, .backspace, .tab, .interrupt, .space, .character("q"), .escape,
        ])
    }

    @Test func unknownSequencesAreOneKeyAndDoNotSwallowWhatFollows() {
        // Page Down, then "j".
        #expect(Key.keys(in: Array("\u{1B}[6~j".utf8)) == [.other, .character("j")])
        #expect(Key.keys(in: [0x01, 0xC3, 0xA9]) == [.other, .other, .other])
    }
}
