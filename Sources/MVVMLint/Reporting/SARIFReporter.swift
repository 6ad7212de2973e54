import Foundation

/// SARIF 2.1.0 (the format code-scanning services read): one run of the `mvvm` tool, its rules
/// from the rule book, and one result per diagnostic, located relative to the source root.
struct SARIFReporter: Reporter {
    /// The rules the log describes.
    var rules: RuleSet
    /// The text of a reported file, to count its columns in UTF-16 code units as the log declares.
    var text: @Sendable (String) -> String? = { _ in nil }
    /// The configuration's own rules, described after the built-in ones.
    var customRules: [CustomRuleSummary] = []

    func render(_ diagnostics: [Diagnostic]) throws(ReportError) -> String {
        var rules: [[String: Any]] = self.rules.descriptions.map { rule in
            [
                "id": rule.id,
                "name": rule.id,
                "shortDescription": ["text": rule.summary],
                "fullDescription": ["text": rule.rationale],
                "defaultConfiguration": ["level": rule.defaultSeverity.rawValue],
                "properties": ["tags": ["architecture", rule.group]],
            ]
        }
        rules += customRules.map { rule in
            [
                "id": rule.id,
                "name": rule.id,
                "shortDescription": ["text": rule.summary],
                "defaultConfiguration": ["level": rule.severity.rawValue],
                "properties": ["tags": ["architecture", "custom"]],
            ]
        }
        // Notices are described too, so every result names a known rule.
        rules += Notice.allCases.map { notice in
            [
                "id": notice.rawValue,
                "name": notice.rawValue,
                "shortDescription": ["text": notice.summary],
                "defaultConfiguration": ["level": "warning"],
            ]
        }
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().compactMap { offset, rule in
            (rule["id"] as? String).map { ($0, offset) }
        })
        var columns = UTF16Columns(text: text)
        let results: [[String: Any]] = diagnostics.map { diagnostic in
            var result: [String: Any] = [
                "ruleId": diagnostic.ruleID,
                "level": diagnostic.severity.rawValue,
                "message": ["text": diagnostic.hint.map { "\(diagnostic.message) \($0)" } ?? diagnostic.message],
                "locations": [[
                    "physicalLocation": [
                        "artifactLocation": ["uri": Self.uri(diagnostic.path), "uriBaseId": "%SRCROOT%"],
                        "region": ["startLine": diagnostic.line, "startColumn": columns.column(of: diagnostic)],
                    ],
                ]],
            ]
            if let ruleIndex = index[diagnostic.ruleID] {
                result["ruleIndex"] = ruleIndex
            }
            return result
        }
        let log: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": [
                    "driver": [
                        "name": "mvvm",
                        "semanticVersion": MVVMLintVersion.current,
                        "rules": rules,
                    ],
                ],
                "columnKind": "utf16CodeUnits",
                "results": results,
            ]],
        ]
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw ReportError(kind: .sarif, reason: "\(error)")
        }
        return PrintableText.escapingHidden(inJSON: String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// A relative path as a URI reference: percent-encoded, `/`-separated.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
