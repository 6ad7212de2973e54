/// Whether a rule's finding is reported, decided the same way for file rules and project rules:
/// the rule is enabled by the file's settings, the file parsed, and no `mvvm:` comment in it
/// suppresses the finding. (The role conditions a file rule's finding carries are checked when
/// the whole project is known, by ``ProjectIndex``.)
enum DiagnosticAdmission {
    /// Whether `diagnostic`, found by a rule the file's settings enable or not (`enabled`) in a
    /// file with suppression comments `suppressions`, is reported; `parsed` is false for a file
    /// that did not parse or was too complex to read, which gets its notice and nothing else.
    static func admits(_ diagnostic: Diagnostic, enabled: Bool, parsed: Bool, suppressions: SuppressionTable?) -> Bool {
        parsed && enabled && suppressions?.suppresses(diagnostic.ruleID, onLine: diagnostic.line) != true
    }
}
