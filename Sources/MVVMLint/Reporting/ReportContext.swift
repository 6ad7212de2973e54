/// What a report may need besides the diagnostics themselves.
public struct ReportContext: Sendable {
    /// How many findings a baseline hid from this run (0 when none was applied).
    public var hiddenByBaseline: Int
    /// The text of a reported file, for reports that count columns in UTF-16 code units (SARIF)
    /// rather than the UTF-8 bytes diagnostics carry; `nil` when it cannot be read.
    public var text: @Sendable (String) -> String?
    /// The rules of the run, which reports that describe their rules (SARIF) list.
    public var rules: RuleSet
    /// The configuration's custom and layer rules, which reports that list rules describe too.
    public var customRules: [CustomRuleSummary] = []
    /// Whether the `xcode` report adds each finding's hint as a `note:` at the same place, as
    /// compilers add fix-it notes (the build-tool plugin's build log shows them).
    public var hintsAsNotes = false

    /// Creates a context.
    public init(
        hiddenByBaseline: Int = 0, rules: RuleSet, text: @escaping @Sendable (String) -> String? = { _ in nil }
    ) {
        self.hiddenByBaseline = hiddenByBaseline
        self.rules = rules
        self.text = text
    }
}
