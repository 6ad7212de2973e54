/// A stable JSON array: keys sorted, one object per diagnostic.
struct JSONReporter: Reporter {
    static let name = "json"
    static let help = "a stable JSON array of diagnostics"

    init(colored: Bool, context: ReportContext) {}

    func render(_ diagnostics: [Diagnostic]) throws(ReportError) -> String {
        try json(diagnostics)
    }
}
