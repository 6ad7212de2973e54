import CommandTestSupport
import Foundation
@testable import MVVMLint
import SwiftParser
import SwiftSyntax
import Testing

/// `SourceText` replaces swift-syntax's `SourceLocationConverter` for speed; it must agree with it.
struct SourceTextTests {
    @Test func linesAndColumnsMatchSwiftSyntaxOnThisRepositorysSources() throws {
        let sources = MVVMExecutable.packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let tree = Parser.parse(source: text)
            let converter = SourceLocationConverter(fileName: file, tree: tree)
            let source = SourceText(text)
            for token in tree.tokens(viewMode: .sourceAccurate) {
                let position = token.positionAfterSkippingLeadingTrivia
                let expected = converter.location(for: position)
                let actual = source.location(of: position)
                #expect(actual == LineColumn(line: expected.line, column: expected.column), "\(file) at \(position.utf8Offset)")
            }
        }
    }

    @Test func lineBreaksOfEveryKindAndMultibyteColumns() {
        let source = SourceText("a\r\nb\rc\n\u{e9}d")
        #expect(source.location(of: AbsolutePosition(utf8Offset: 0)) == LineColumn(line: 1, column: 1))
        #expect(source.location(of: AbsolutePosition(utf8Offset: 3)) == LineColumn(line: 2, column: 1))
        #expect(source.location(of: AbsolutePosition(utf8Offset: 5)) == LineColumn(line: 3, column: 1))
        // "é" is two UTF-8 bytes, and columns count bytes, as swift-syntax's do.
        #expect(source.location(of: AbsolutePosition(utf8Offset: 9)) == LineColumn(line: 4, column: 3))
    }

    @Test func wordSearchRespectsIdentifierBoundaries() {
        let source = SourceText("let sharedCache = Cache.shared // unshared\nlet x = ItemService()")
        #expect(source.offsets(of: "shared", boundary: .word) == [24])
        #expect(source.offsets(of: "shared", boundary: .wordEnd) == [24, 36])
        #expect(source.offsets(of: "Service", boundary: .wordEnd).count == 1)
        #expect(source.mentions("Cache"))
        #expect(!source.mentions("View"))
        #expect(source.contains("Serv"))
    }

    /// The search keys on the needle's rarest byte; every occurrence must still come back, in
    /// order, wherever that byte sits in the needle and wherever the needle sits in the text.
    @Test(arguments: ["queue", "zeta", "xyzzy", "Model", "a", "q", "\u{e9}t\u{e9}"])
    func searchFindsWhatAPlainScanFinds(needle: String) {
        let text = needle + " \(needle)\(needle)_x." + needle + needle.dropLast() + " " + needle
        let source = SourceText(text)
        let haystack = Array(text.utf8), pattern = Array(needle.utf8)
        let everywhere = (0...(haystack.count - pattern.count)).filter { Array(haystack[$0..<($0 + pattern.count)]) == pattern }
        #expect(source.offsets(of: needle, boundary: .none) == everywhere)
        #expect(source.offsets(of: needle, boundary: .none, limit: 2) == Array(everywhere.prefix(2)))
        #expect(source.offsets(of: needle, boundary: .word).allSatisfy(everywhere.contains))
        #expect(source.offsets(of: needle, boundary: .word).first == 0)
        #expect(source.offsets(of: needle, boundary: .word).last == haystack.count - pattern.count)
    }

    @Test func overlappingOccurrencesAreAllFound() {
        #expect(SourceText("aaaa").offsets(of: "aa", boundary: .none) == [0, 1, 2])
        #expect(SourceText("xqxqx").offsets(of: "xqx", boundary: .none) == [0, 2])
        #expect(SourceText("ab").offsets(of: "abc", boundary: .none).isEmpty)
    }

    @Test func codeWordsAreIdentifiersUsedInCodeNotNumbers() {
        let words = SourceText("sut.send(.authenticate) // 42 times\nlet caf\u{e9} = $0").codeWords()
        #expect(words == ["sut", "send", "authenticate", "let"])
    }

    @Test func codeWordsLeaveOutCommentsAndDeclaredNamesButKeepStrings() {
        let text = """
            /* refresh /* nested */ still a comment */
            final class MockFeed { func refresh() {} ; case reload }
            let url = "https://example.com/load" ; sut.send(.retry) // retried
            switch action { case .cancel: break }
            """
        let words = SourceText(text).codeWords()
        #expect(!words.contains("refresh") && !words.contains("still") && !words.contains("reload") && !words.contains("retried"))
        #expect(!words.contains("MockFeed") && !words.contains("url"))
        #expect(["https", "example", "load", "sut", "send", "retry", "cancel", "action"].allSatisfy(words.contains))
    }
}
