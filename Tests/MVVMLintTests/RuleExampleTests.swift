import MVVMLint
import Testing

/// Each rule's examples are its specification: these tests run every one of them.
struct RuleExampleTests {
    static let rules = RuleSet.builtIn.descriptions

    @Test(arguments: rules)
    func triggeringExamplesReportExactlyAtTheMarkers(rule: RuleDescription) throws {
        let runner = ExampleRunner(rule: rule)
        for example in rule.triggering {
            let (text, expected) = ExampleRunner.strip(example.code)
            #expect(!expected.isEmpty, "a triggering example of \(rule.id) has no ↓ marker")
            let actual = try runner.positions(of: example, mainText: text)
            #expect(actual.sorted() == expected.sorted(), "\(rule.id) on:\n\(text)")
        }
    }

    /// A rule that can fix must fix every triggering example: the fixed code parses, no longer
    /// triggers the rule, matches the example's `fixed` text when it has one, and a second fix
    /// changes nothing.
    @Test(arguments: rules.filter(\.isFixable))
    func fixesRemoveEveryViolationAndAreIdempotent(rule: RuleDescription) throws {
        let runner = ExampleRunner(rule: rule)
        #expect(rule.triggering.contains { $0.fixed != nil }, "\(rule.id) shows no fixed example")
        for example in rule.triggering {
            let (text, _) = ExampleRunner.strip(example.code)
            let found = try runner.diagnostics(of: example, mainText: text)
            let fixed = FileFixer.apply(found.flatMap { $0.fix ?? [] }, to: text)
            if let expected = example.fixed {
                #expect(fixed == expected, "\(rule.id) fixed:\n\(fixed)")
            }
            // What had a fix is gone; only what the rule cannot fix may remain.
            let again = try runner.diagnostics(of: example, mainText: fixed)
            #expect(again.allSatisfy { $0.fix == nil } && again.count <= found.filter { $0.fix == nil }.count,
                    "\(rule.id) still reports after its fix:\n\(fixed)")
            #expect(FileFixer.apply(again.flatMap { $0.fix ?? [] }, to: fixed) == fixed)
        }
    }

    @Test(arguments: rules)
    func nonTriggeringExamplesReportNothing(rule: RuleDescription) throws {
        let runner = ExampleRunner(rule: rule)
        for example in rule.nonTriggering {
            #expect(!example.code.contains(ExampleRunner.marker))
            let actual = try runner.positions(of: example, mainText: example.code)
            #expect(actual.isEmpty, "\(rule.id) on:\n\(example.code)")
        }
    }

    @Test(arguments: rules)
    func triggeringExamplesAreSilentInCommentsStringsAndBehindADisableComment(rule: RuleDescription) throws {
        let runner = ExampleRunner(rule: rule)
        for example in rule.triggering {
            let (text, _) = ExampleRunner.strip(example.code)
            let commented = text.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n")
            let quoted = "let example = #\"\"\"\n" + text + "\n\"\"\"#\n"
            let disabled = "// mvvm:disable \(rule.id)\n" + text
            for variant in [commented, quoted, disabled] {
                let actual = try runner.positions(of: example, mainText: variant)
                #expect(actual.isEmpty, "\(rule.id) on:\n\(variant)")
            }
        }
    }

    @Test(arguments: rules)
    func everyRuleHasTwoExamplesOfEachKind(rule: RuleDescription) {
        #expect(rule.triggering.count >= 2)
        #expect(rule.nonTriggering.count >= 2)
        #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "-" })
    }
}
