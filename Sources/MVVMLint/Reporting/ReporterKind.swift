import Foundation

/// The output formats of `mvvm lint`.
public enum ReporterKind: String, CaseIterable, Sendable {
    /// `path:line:column: severity: message [rule]`, coloured on a terminal.
    case text
    /// The compiler's format, which Xcode shows inline.
    case xcode
    /// A JSON array of diagnostics.
    case json
    /// GitHub Actions workflow commands, which become annotations on the pull request.
    case github
    /// SARIF 2.1.0, for code scanning.
    case sarif
    /// JUnit XML, which most CI servers show as a test report.
    case junit

    /// The reporter of this format; `context` says what a baseline hid and gives the files'
    /// text to reports that count columns in UTF-16.
    public func reporter(colored: Bool = false, context: ReportContext) -> any Reporter {
        switch self {
        case .text: TextReporter(colored: colored, hiddenByBaseline: context.hiddenByBaseline)
        case .xcode: XcodeReporter(hintsAsNotes: context.hintsAsNotes)
        case .json: JSONReporter()
        case .github: GitHubReporter()
        case .sarif: SARIFReporter(rules: context.rules, text: context.text, customRules: context.customRules)
        case .junit: JUnitReporter()
        }
    }

    /// Renders `diagnostics` (already sorted) with this format's ``reporter(colored:context:)``.
    ///
    /// - Throws: ``ReportError`` when the report cannot be made.
    public func render(_ diagnostics: [Diagnostic], colored: Bool = false, context: ReportContext) throws(ReportError) -> String {
        try reporter(colored: colored, context: context).render(diagnostics)
    }
}
