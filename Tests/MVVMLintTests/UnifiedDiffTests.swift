import MVVMLint
import Testing

/// The diff a dry run prints: `diff -u`'s hunks, and nothing raw a file could steer a terminal with.
struct UnifiedDiffTests {
    static let lines = (1...20).map { "line \($0)\n" }

    @Test func changesFarApartGetHunksOfTheirOwnWithThreeLinesOfContext() {
        var new = Self.lines
        new[1] = "second\n"
        new[17] = "eighteenth\n"
        let diff = FileChange(path: "Sources/A.swift", old: Self.lines.joined(), new: new.joined()).unifiedDiff
        #expect(diff == """
            --- a/Sources/A.swift
            +++ b/Sources/A.swift
            @@ -1,5 +1,5 @@
             line 1
            -line 2
            +second
             line 3
             line 4
             line 5
            @@ -15,6 +15,6 @@
             line 15
             line 16
             line 17
            -line 18
            +eighteenth
             line 19
             line 20

            """)
    }

    @Test func changesWhoseContextsTouchShareAHunk() {
        var new = Self.lines
        new[4] = "five\n"
        new.remove(at: 10)
        let diff = FileChange(path: "A.swift", old: Self.lines.joined(), new: new.joined()).unifiedDiff
        #expect(diff.components(separatedBy: "\n@@ ").count == 2, "one hunk")
        #expect(diff.contains("@@ -2,13 +2,12 @@\n"))
    }

    @Test func insertionsAtTheStartAndALastLineWithoutABreakAreWrittenAsDiffDoes() {
        let diff = FileChange(path: "A.swift", old: "b\nc", new: "a\nb\nc\nd").unifiedDiff
        #expect(diff == "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1,4 @@\n+a\n b\n-c\n\\ No newline at end of file\n+c\n+d\n\\ No newline at end of file\n")
        #expect(FileChange(path: "A.swift", old: "", new: "x\n").unifiedDiff.contains("@@ -0,0 +1 @@\n+x\n"))
    }

    @Test func equalTextsGiveNoDiff() {
        #expect(FileChange(path: "A.swift", old: "same\n", new: "same\n").unifiedDiff.isEmpty)
    }

    @Test func linesDifferingOnlyInHowAnAccentIsSpelledAreDifferent() {
        let diff = FileChange(path: "A.swift", old: "let caf\u{E9} = 1\n", new: "let cafe\u{301} = 1\n").unifiedDiff
        #expect(diff.contains("-let caf\u{E9} = 1\n+let cafe\u{301} = 1\n"))
    }

    @Test func controlCharactersInPathsAndLinesAreEscapedButTabsAndCRLFEndingsAreKept() {
        let old = "\tlet a = 1\r\n// \u{1B}[2J\u{202E}x\r\n"
        let new = "\tlet a = 2\r\n// \u{1B}[2J\u{202E}y\r\n"
        let diff = FileChange(path: "Sources/\u{1B}]0;title\u{7}.swift", old: old, new: new).unifiedDiff
        #expect(diff == """
            --- a/Sources/\\u{1B}]0;title\\u{7}.swift
            +++ b/Sources/\\u{1B}]0;title\\u{7}.swift
            @@ -1,2 +1,2 @@
            -\tlet a = 1\r
            -// \\u{1B}[2J\\u{202E}x\r
            +\tlet a = 2\r
            +// \\u{1B}[2J\\u{202E}y\r

            """)
        #expect(!diff.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        // A carriage return inside a line could send the cursor back over what was printed.
        #expect(FileChange(path: "A", old: "a\rb\n", new: "c\n").unifiedDiff.contains("-a\\u{D}b\n"))
    }

    @Test func aLongDiffPastTheSearchLimitIsStillADiffThatApplies() {
        let old = (0..<3000).map { "old \($0)\n" }.joined(), new = (0..<3000).map { "new \($0)\n" }.joined()
        let diff = FileChange(path: "A.swift", old: old, new: new).unifiedDiff
        #expect(diff.hasPrefix("--- a/A.swift\n+++ b/A.swift\n@@ -1,3000 +1,3000 @@\n-old 0\n"))
        #expect(diff.split(separator: "\n").count == 3 + 6000)
    }

    /// `patch` reads a byte-order mark as part of the first line, and takes a header path up to a
    /// tab: without them a fix in `My App/` or in a file with a mark would not apply.
    @Test func aByteOrderMarkStaysOnTheFirstLineAndAPathWithSpacesEndsWithATab() {
        let change = FileChange(path: "Sources/My App/V.swift", old: "a\nb\n", new: "c\nb\n", byteOrderMark: true)
        #expect(change.unifiedDiff == "--- a/Sources/My App/V.swift\t\n+++ b/Sources/My App/V.swift\t\n@@ -1,2 +1,2 @@\n-\u{FEFF}a\n+\u{FEFF}c\n b\n")
        let later = FileChange(path: "V.swift", old: "a\nb\n", new: "a\nc\n", byteOrderMark: true)
        #expect(later.unifiedDiff == "--- a/V.swift\n+++ b/V.swift\n@@ -1,2 +1,2 @@\n \u{FEFF}a\n-b\n+c\n")
    }
}
