@testable import MVVMTesting
import Testing

struct ValueDumpTests {
    struct Point { var x: Int; var y: Double }
    enum Shape { case empty, circle(radius: Int), polygon([Point]) }
    final class Node {
        var name = "root"
        var next: Node?
    }

    let dump = ValueDump()

    @Test func rendersStructsEnumsAndCollections() {
        #expect(dump.render(Point(x: 1, y: 2.5)) == "Point(\n  x: 1\n  y: 2.5\n)")
        #expect(dump.render(Shape.empty) == ".empty")
        #expect(dump.render(Shape.circle(radius: 3)) == ".circle(\n  radius: 3\n)")
        #expect(dump.render(Shape.polygon([Point(x: 0, y: 0)])) == """
            .polygon(
              [
                Point(
                  x: 0
                  y: 0.0
                )
              ]
            )
            """)
        #expect(dump.render([Int]()) == "[]")
        #expect(dump.render(Int?.none as Any) == "nil")
        #expect(dump.render(Optional(4) as Any) == "4")
    }

    @Test func dictionaryKeysAndSetElementsAreSorted() {
        #expect(dump.render(["b": 2, "a": 1]) == "[\n  \"a\": 1\n  \"b\": 2\n]")
        #expect(dump.render(Set([3, 1, 2])) == "[\n  1\n  2\n  3\n]")
    }

    @Test func stringsAreQuotedWithControlCharactersEscaped() {
        #expect(dump.render("say \"hi\"\n\u{1B}[2J") == #""say \"hi\"\n\u{1b}[2J""#)
    }

    @Test func aCycleRendersInBoundedDepth() {
        let node = Node()
        node.next = node
        let text = ValueDump(maxDepth: 3, maxChildren: 10).render(node)
        #expect(text.contains("…"))
        #expect(text.split(separator: "\n").count < 20)
    }

    @Test func longCollectionsAreCut() {
        let text = ValueDump(maxDepth: 3, maxChildren: 5).render(Array(0..<1000))
        #expect(text.split(separator: "\n").count == 8)
        #expect(text.contains("… (more not shown)"))
    }

    @Test func lineDiffMarksRemovedAndAddedLines() {
        #expect(LineDiff.render(expected: "a\nb\nc", actual: "a\nx\nc") == "  a\n- b\n+ x\n  c")
    }
}
