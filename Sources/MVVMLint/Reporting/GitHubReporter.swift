/// GitHub Actions workflow commands (`::error file=...,line=...::message`): the runner turns each
/// line into an annotation on the changed file.
struct GitHubReporter: Reporter {
    static let name = "github"
    static let help = "workflow commands that GitHub Actions turns into annotations on the pull request"

    init(colored: Bool, context: ReportContext) {}

    func render(_ diagnostics: [Diagnostic]) throws(ReportError) -> String {
        diagnostics.map { diagnostic in
            let properties = [
                "file=\(Self.escapeProperty(PrintableText.escaping(diagnostic.path)))",
                "line=\(diagnostic.line)",
                "col=\(diagnostic.column)",
                "title=\(Self.escapeProperty("mvvm lint: \(diagnostic.ruleID)"))",
            ].joined(separator: ",")
            var message = PrintableText.escaping(diagnostic.message)
            if let hint = diagnostic.hint {
                message += "\n" + PrintableText.escaping(hint)
            }
            return "::\(diagnostic.severity.rawValue) \(properties)::\(Self.escapeData(message))\n"
        }.joined()
    }

    /// The runner's escaping for a command's message.
    static func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// The runner's escaping for a property value, which also must not hold `:` or `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
