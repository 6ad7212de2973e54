/// Whether a rule's finding is reported, decided the same way for file rules and project rules:
/// the rule is enabled by the file's settings, the file parsed, and no `mvvm:` comment in it
/// suppresses the finding. (The role conditions a file rule's finding carries are checked when
/// the whole project is known, by ``ProjectIndex``.)
enum DiagnosticAdmission {
    /// Whether `diagnostic`, found by the rule `rule` in a file with settings `settings` and
    /// suppression comments `suppressions`, is reported; `parsed` is false for a file that did
    /// not parse or was too complex to read, which gets its notice and nothing else. `enabled`
    /// is whether the settings enable the rule, where the caller already knows.
    static func admits(
        _ diagnostic: Diagnostic, of rule: RuleDescription, settings: Configuration, parsed: Bool, suppressions: SuppressionTable?,
        enabled: Bool? = nil
    ) -> Bool {
        parsed && (enabled ?? settings.isEnabled(rule)) && suppressions?.suppresses(diagnostic.ruleID, onLine: diagnostic.line) != true
    }
}
