import Foundation

/// The output formats of `mvvm lint`.
public enum ReporterKind: String, CaseIterable, Sendable {
    /// `path:line:column: severity: message [rule]`, coloured on a terminal.
    case text
    /// The compiler's format, which Xcode shows inline.
    case xcode
    /// A JSON array of diagnostics.
    case json

    /// Renders `diagnostics` (already sorted).
    public func render(_ diagnostics: [Diagnostic], colored: Bool = false) -> String {
        switch self {
        case .text: TextReporter(colored: colored).render(diagnostics)
        case .xcode: XcodeReporter().render(diagnostics)
        case .json: JSONReporter().render(diagnostics)
        }
    }
}

/// Human-readable lines with the hint and a summary.
struct TextReporter {
    let colored: Bool

    func render(_ diagnostics: [Diagnostic]) -> String {
        var lines: [String] = []
        for diagnostic in diagnostics {
            let severity = paint(diagnostic.severity.rawValue, diagnostic.severity == .error ? "31" : "33")
            var line = "\(diagnostic.path):\(diagnostic.line):\(diagnostic.column): \(severity): \(diagnostic.message) [\(diagnostic.ruleID)]"
            if let hint = diagnostic.hint {
                line += "\n    " + paint("hint: \(hint)", "2")
            }
            lines.append(line)
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        lines.append(diagnostics.isEmpty ? "No violations." : "\(errors) error(s), \(warnings) warning(s).")
        return lines.joined(separator: "\n") + "\n"
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// `path:line:column: warning: message (rule)`, which Xcode and most editors link.
struct XcodeReporter {
    func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { diagnostic in
            "\(diagnostic.path):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(diagnostic.message) (\(diagnostic.ruleID))\n"
        }.joined()
    }
}

/// A stable JSON array: keys sorted, one object per diagnostic.
struct JSONReporter {
    func render(_ diagnostics: [Diagnostic]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(diagnostics) else { return "[]\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
