import MVVMLint
import MVVMLintTesting
import TeamRules
import Testing

/// Every example of the team's rules runs as a test, with the harness the built-in rules use:
/// triggering examples report exactly at their `↓` markers, and nowhere in comments, strings or
/// behind `// mvvm:disable`; non-triggering examples report nothing; fixes, when a rule has
/// them, leave nothing to fix.
@Test(arguments: TeamRules.all.map { $0.description })
func teamRuleExamples(rule: RuleDescription) throws {
    try RuleExampleRunner(rules: .builtIn + TeamRules.all).checkExamples(of: rule)
}
