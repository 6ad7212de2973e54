/// Human-readable lines with the hint and a summary. Paths and messages (which may quote
/// source text) have their control characters escaped: a terminal reads this.
struct TextReporter: Reporter {
    static let name = "text"
    static let help = "readable lines with hints and a summary, coloured on a terminal (the default)"

    let colored: Bool
    /// How many findings a baseline hid, said in the summary so a clean-looking run is not
    /// mistaken for a clean codebase.
    let hiddenByBaseline: Int

    init(colored: Bool, context: ReportContext) {
        self.colored = colored
        hiddenByBaseline = context.hiddenByBaseline
    }

    func render(_ diagnostics: [Diagnostic]) throws(ReportError) -> String {
        var lines: [String] = []
        for diagnostic in diagnostics {
            let severity = paint(diagnostic.severity.rawValue, diagnostic.severity == .error ? "31" : "33")
            let path = PrintableText.escaping(diagnostic.path), message = PrintableText.escaping(diagnostic.message)
            var line = "\(path):\(diagnostic.line):\(diagnostic.column): \(severity): \(message) [\(diagnostic.ruleID)]"
            if let hint = diagnostic.hint {
                line += "\n    " + paint("hint: \(PrintableText.escaping(hint))", "2")
            }
            lines.append(line)
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        var summary = diagnostics.isEmpty ? "No violations" : "\(errors) error(s), \(warnings) warning(s)"
        if hiddenByBaseline > 0 {
            summary = diagnostics.isEmpty ? "No new violations" : "\(summary) not in the baseline"
            summary += "; the baseline hid \(hiddenByBaseline) known violation\(hiddenByBaseline == 1 ? "" : "s")"
        }
        lines.append(summary + ".")
        return lines.joined(separator: "\n") + "\n"
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

