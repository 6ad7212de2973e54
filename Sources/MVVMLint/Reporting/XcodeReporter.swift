/// `path:line:column: warning: message (rule)`, which Xcode and most editors link; control
/// characters in paths and messages are escaped.
struct XcodeReporter {
    func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { diagnostic in
            let path = PrintableText.escaping(diagnostic.path), message = PrintableText.escaping(diagnostic.message)
            return "\(path):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(message) (\(diagnostic.ruleID))\n"
        }.joined()
    }
}

