/// `path:line:column: warning: message (rule)`, which Xcode and most editors link; control
/// characters in paths and messages are escaped. With `hintsAsNotes`, a finding's hint follows
/// it as `path:line:column: note: hint`, which Xcode shows under the finding.
struct XcodeReporter: Reporter {
    static let name = "xcode"
    static let help = "path:line:column: severity: message (rule), which Xcode and most editors link to the source"

    let hintsAsNotes: Bool

    init(colored: Bool, context: ReportContext) {
        hintsAsNotes = context.hintsAsNotes
    }

    func render(_ diagnostics: [Diagnostic]) throws(ReportError) -> String {
        diagnostics.map { diagnostic in
            let path = PrintableText.escaping(diagnostic.path), message = PrintableText.escaping(diagnostic.message)
            let place = "\(path):\(diagnostic.line):\(diagnostic.column)"
            var lines = "\(place): \(diagnostic.severity.rawValue): \(message) (\(diagnostic.ruleID))\n"
            if hintsAsNotes, let hint = diagnostic.hint {
                lines += "\(place): note: \(PrintableText.escaping(hint))\n"
            }
            return lines
        }.joined()
    }
}
