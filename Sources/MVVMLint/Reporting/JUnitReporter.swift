/// JUnit XML: one test case per file that was linted with violations, failing with one
/// `<failure>` per diagnostic; a run without violations is one passing test case.
struct JUnitReporter: Reporter {
    static let name = "junit"
    static let help = "JUnit XML: one test case per file with violations, a failure per diagnostic"

    init(colored: Bool, context: ReportContext) {}

    func render(_ diagnostics: [Diagnostic]) throws(ReportError) -> String {
        let byFile = Dictionary(grouping: diagnostics, by: \.path)
        let paths = byFile.keys.sorted()
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let cases = max(paths.count, 1)
        xml += #"<testsuites name="mvvm lint" tests="\#(cases)" failures="\#(paths.count)">"# + "\n"
        xml += #"  <testsuite name="mvvm lint" tests="\#(cases)" failures="\#(paths.count)" errors="0" skipped="0">"# + "\n"
        if paths.isEmpty {
            xml += #"    <testcase classname="mvvm lint" name="architecture"/>"# + "\n"
        }
        for path in paths {
            xml += #"    <testcase classname="mvvm lint" name="\#(Self.escape(path))">"# + "\n"
            for diagnostic in byFile[path] ?? [] {
                let location = "\(diagnostic.path):\(diagnostic.line):\(diagnostic.column)"
                let summary = "\(location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.ruleID)]"
                var body = summary
                if let hint = diagnostic.hint {
                    body += "\nhint: \(hint)"
                }
                xml += #"      <failure type="\#(diagnostic.ruleID)" message="\#(Self.escape(summary))">\#(Self.escape(body))</failure>"# + "\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Text as XML character data or attribute value.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t", "\r": out += "&#\(scalar.value);"
            // XML 1.0 cannot hold other control characters at all.
            case _ where scalar.value < 0x20: out += "\u{FFFD}"
            // Nor U+FFFE and U+FFFF, not even as references.
            case "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            // Characters that hide or reorder text are written as references, so that a file
            // name cannot make the report read differently from what it holds.
            case _ where PrintableText.isHidden(scalar): out += "&#x\(String(scalar.value, radix: 16, uppercase: true));"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
