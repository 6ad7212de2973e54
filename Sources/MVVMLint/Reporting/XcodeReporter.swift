/// `path:line:column: warning: message (rule)`, which Xcode and most editors link.
struct XcodeReporter {
    func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { diagnostic in
            "\(diagnostic.path):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(diagnostic.message) (\(diagnostic.ruleID))\n"
        }.joined()
    }
}

