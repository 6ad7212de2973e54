@testable import HackerNewsTerminal
import Testing

/// Text is measured in terminal cells, as real titles need: CJK and emoji take two, combining
/// marks none.
struct TextLayoutTests {
    @Test(arguments: [
        ("abc", 3),
        ("日本語", 6),
        ("한국어", 6),
        ("ｆｕｌｌ", 8),
        ("Rust 🦀", 7),
        ("❤️", 2),
        ("❤", 1),
        ("👩‍💻", 2),
        ("🇯🇵", 2),
        ("e\u{301}", 1),
        ("a\u{200B}b", 2),
    ])
    func cells(_ text: String, expected: Int) {
        #expect(text.terminalCells == expected)
    }

    @Test func wrappingWideTextKeepsEveryLineWithinTheWidth() {
        let lines = TextLayout.wrap("日本語のタイトル is a long one", width: 10)
        #expect(lines == ["日本語のタ", "イトル is", "a long one"])
        #expect(lines.allSatisfy { $0.terminalCells <= 10 })
    }

    @Test func aWideCharacterThatWouldOverhangMovesToTheNextLine() {
        // Nine cells of Latin text leave one cell: the next wide character does not fit in it.
        let lines = TextLayout.wrap("abcdefghi漢字", width: 10)
        #expect(lines == ["abcdefghi", "漢字"])
    }

    @Test func fittingCutsBeforeACharacterThatWouldCrossTheEdge() {
        #expect(TextLayout.fit("Rust 🦀 is fast", width: 6) == "Rust ")
        #expect(TextLayout.fit("Rust 🦀 is fast", width: 7) == "Rust 🦀")
        #expect(TextLayout.fit("日本語", width: 5) == "日本")
        #expect(TextLayout.fit("short", width: 40) == "short")
    }

    @Test func latinTextWrapsAsBefore() {
        #expect(TextLayout.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(TextLayout.wrap("first\n\nsecond", width: 20) == ["first", "", "second"])
        #expect(TextLayout.wrap("abcdefghijkl", width: 5) == ["abcde", "fghij", "kl"])
    }
}
