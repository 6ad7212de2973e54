import MVVMLint
import MVVMLintTesting
import Testing

/// Each rule's examples are its specification: these tests run every one of them through
/// `RuleExampleRunner`, the harness a team's own rules use too.
struct RuleExampleTests {
    static let rules = RuleSet.builtIn.descriptions
    let runner = RuleExampleRunner(rules: .builtIn)

    @Test(arguments: rules)
    func triggeringExamplesReportExactlyAtTheMarkers(rule: RuleDescription) {
        runner.checkTriggeringExamples(of: rule)
    }

    /// A rule that can fix must fix every triggering example: the fixed code parses, no longer
    /// triggers the rule, matches the example's `fixed` text when it has one, and a second fix
    /// changes nothing.
    @Test(arguments: rules.filter(\.isFixable))
    func fixesRemoveEveryViolationAndAreIdempotent(rule: RuleDescription) {
        runner.checkFixes(of: rule)
    }

    @Test(arguments: rules)
    func nonTriggeringExamplesReportNothing(rule: RuleDescription) {
        runner.checkNonTriggeringExamples(of: rule)
    }

    @Test(arguments: rules)
    func triggeringExamplesAreSilentInCommentsStringsAndBehindADisableComment(rule: RuleDescription) {
        runner.checkSilenceInCommentsAndStrings(of: rule)
    }

    @Test(arguments: rules)
    func everyRuleHasTwoExamplesOfEachKind(rule: RuleDescription) {
        runner.checkExampleCount(of: rule)
    }
}
