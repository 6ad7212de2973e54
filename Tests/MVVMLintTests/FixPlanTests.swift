@testable import MVVMLint
import Testing

/// Which findings' fixes a fix pass applies: each whole, in every file, or not at all.
struct FixPlanTests {
    static func finding(_ path: String, line: Int, _ edits: [String: [TextEdit]]) -> Diagnostic {
        var own = edits
        let fix = own.removeValue(forKey: path)
        return Diagnostic(path: path, line: line, column: 1, ruleID: "r", severity: .warning, message: "m\(line)",
                          fix: fix, fixInOtherFiles: own.isEmpty ? nil : own)
    }

    @Test func aLaterFindingWhoseEditsOverlapIsLeftWholeInEveryFile() {
        let first = Self.finding("a", line: 1, ["a": [TextEdit(offset: 0, length: 5, replacement: "x")]])
        let second = Self.finding("a", line: 2, [
            "a": [TextEdit(offset: 2, length: 0, replacement: "y")], "b": [TextEdit(offset: 0, length: 0, replacement: "z")],
        ])
        let plan = FixPlan([second, first])
        #expect(plan.overlapping == [second])
        #expect(plan.paths == ["a"], "the overlapping finding's edit in b is not applied either")
        #expect(plan.edits(in: "a") == [TextEdit(offset: 0, length: 5, replacement: "x")])
    }

    @Test func insertionsAtOneOffsetAndAnEditMetTwiceDoNotOverlap() {
        let edit = TextEdit(offset: 3, length: 0, replacement: "@MainActor\n")
        let one = Self.finding("a", line: 1, ["a": [edit]])
        let two = Self.finding("a", line: 2, ["a": [edit, TextEdit(offset: 3, length: 0, replacement: "@Observable\n")]])
        let plan = FixPlan([one, two])
        #expect(plan.overlapping.isEmpty)
        #expect(plan.appliedCount == 2)
    }

    @Test func droppingAFileTakesItsFindingsOutOfEveryFile() {
        let spanning = Self.finding("a", line: 1, ["a": [TextEdit(offset: 0, length: 1, replacement: "")], "b": [TextEdit(offset: 4, length: 0, replacement: "q")]])
        let alone = Self.finding("a", line: 2, ["a": [TextEdit(offset: 9, length: 0, replacement: "w")]])
        var plan = FixPlan([spanning, alone])
        #expect(plan.spansFiles("a") && plan.spansFiles("b"))
        let dropped = plan.drop(touching: "b")
        #expect(dropped.map(\.diagnostic) == [spanning])
        #expect(plan.paths == ["a"])
        #expect(plan.edits(in: "a") == [TextEdit(offset: 9, length: 0, replacement: "w")])
        #expect(!plan.spansFiles("a"))
    }
}
