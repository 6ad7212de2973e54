import MVVMLint
import MVVMLintTesting
import SwiftSyntax
import Testing

/// The harness itself: a rule whose examples hold passes, and each kind of broken example is
/// recorded as an issue rather than passing unnoticed.
struct RuleExampleRunnerTests {
    /// Reports every `var` of a struct named `*Settings`; its examples can be bent by the tests.
    struct MutableSettingsRule: FileRule {
        static var description: RuleDescription { described() }

        static func described(
            triggering: [RuleExample] = [
                RuleExample("struct AppSettings {\n    ↓var theme = 1\n}"),
                RuleExample("struct Settings { ↓var a = 1; ↓var b = 2 }"),
            ],
            nonTriggering: [RuleExample] = [
                RuleExample("struct AppSettings {\n    let theme = 1\n}"),
                RuleExample("struct Profile { var name = \"\" }"),
            ]
        ) -> RuleDescription {
            RuleDescription(
                id: "immutable-settings", summary: "Settings are immutable.", rationale: "For the test.", presets: .common,
                defaultSeverity: .warning, triggering: triggering, nonTriggering: nonTriggering
            )
        }

        func check(_ file: FileContext) -> [PendingDiagnostic] {
            file.declarations(StructDeclSyntax.self).filter { $0.name.text.hasSuffix("Settings") }.flatMap { type in
                type.memberBlock.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
                    .filter { $0.bindingSpecifier.tokenKind == .keyword(.var) }
                    .map { file.report(Self.description, at: $0, "A settings property is mutable.") }
            }
        }
    }

    let runner: RuleExampleRunner

    init() throws {
        runner = RuleExampleRunner(rules: try .builtIn + [MutableSettingsRule.self])
    }

    @Test func examplesThatHoldRecordNoIssue() {
        runner.checkExamples(of: [MutableSettingsRule.self])
    }

    @Test func aMarkerWhereTheRuleDoesNotReportIsAnIssue() {
        let rule = MutableSettingsRule.described(triggering: [RuleExample("struct AppSettings { ↓let theme = 1 }")])
        withKnownIssue {
            runner.checkTriggeringExamples(of: rule)
        }
    }

    @Test func aNonTriggeringExampleThatTriggersIsAnIssue() {
        let rule = MutableSettingsRule.described(nonTriggering: [RuleExample("struct AppSettings { var theme = 1 }")])
        withKnownIssue {
            runner.checkNonTriggeringExamples(of: rule)
        }
    }

    @Test func tooFewExamplesAreAnIssue() {
        let rule = MutableSettingsRule.described(nonTriggering: [])
        withKnownIssue {
            runner.checkExampleCount(of: rule)
        }
    }

    @Test func aRuleOutsideTheRunnersSetCannotRun() throws {
        let example = RuleExample("struct AppSettings { var theme = 1 }")
        #expect(throws: RuleExampleRunner.RuleNotInSet(id: "immutable-settings")) {
            try RuleExampleRunner(rules: .builtIn).diagnostics(of: example, for: MutableSettingsRule.description, mainText: example.code)
        }
        withKnownIssue {
            RuleExampleRunner(rules: .builtIn).checkExamples(of: [MutableSettingsRule.self])
        }
    }

    @Test func markersAreStrippedAndCountedInUTF8Columns() {
        let (text, markers) = RuleExampleMarker.strip("let é = 1; ↓var a = 2\n↓let b = 3")
        #expect(text == "let é = 1; var a = 2\nlet b = 3")
        #expect(markers == [RuleExampleMarker(line: 1, column: 13), RuleExampleMarker(line: 2, column: 1)])
    }
}
