import Foundation

/// SARIF 2.1.0 (the format code-scanning services read): one run of the `mvvm` tool, its rules
/// from the rule book, and one result per diagnostic, located relative to the source root.
struct SARIFReporter: Reporter {
    static let name = "sarif"
    static let help = "SARIF 2.1.0 for code scanning; columns count UTF-16 code units, as the log declares (the other formats count UTF-8 bytes, as compilers do; the two differ only on lines with non-ASCII text before the finding)"

    /// The rules the log describes.
    let rules: RuleSet
    /// The text of a reported file, to count its columns in UTF-16 code units as the log declares.
    let text: @Sendable (String) -> String?
    /// The configuration's own rules, described after the built-in ones.
    let customRules: [CustomRuleSummary]

    init(colored: Bool, context: ReportContext) {
        rules = context.rules
        text = context.text
        customRules = context.customRules
    }

    func render(_ diagnostics: [Diagnostic]) throws(ReportError) -> String {
        var descriptors = self.rules.descriptions.map { rule in
            SARIFLog.Rule(
                id: rule.id, shortDescription: .init(text: rule.summary), fullDescription: .init(text: rule.rationale),
                level: rule.defaultSeverity.rawValue, tags: ["architecture", rule.group]
            )
        }
        descriptors += customRules.map { rule in
            SARIFLog.Rule(id: rule.id, shortDescription: .init(text: rule.summary), level: rule.severity.rawValue, tags: ["architecture", "custom"])
        }
        // Notices are described too, so every result names a known rule.
        descriptors += Notice.allCases.map { notice in
            SARIFLog.Rule(id: notice.rawValue, shortDescription: .init(text: notice.summary), level: "warning")
        }
        let index = Dictionary(descriptors.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var columns = UTF16Columns(text: text)
        let results = diagnostics.map { diagnostic in
            SARIFLog.Result(
                ruleId: diagnostic.ruleID, ruleIndex: index[diagnostic.ruleID], level: diagnostic.severity.rawValue,
                message: .init(text: diagnostic.hint.map { "\(diagnostic.message) \($0)" } ?? diagnostic.message),
                locations: [.init(physicalLocation: .init(
                    artifactLocation: .init(uri: Self.uri(diagnostic.path), uriBaseId: "%SRCROOT%"),
                    region: .init(startLine: diagnostic.line, startColumn: columns.column(of: diagnostic))
                ))]
            )
        }
        let log = SARIFLog(runs: [.init(
            tool: .init(driver: .init(name: "mvvm", semanticVersion: MVVMLintVersion.current, rules: descriptors)),
            results: results
        )])
        return try json(log)
    }

    /// A relative path as a URI reference: percent-encoded, `/`-separated.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}

/// The parts of a SARIF 2.1.0 log that `mvvm` writes, named as the format names them.
struct SARIFLog: Encodable {
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema", version, runs
    }

    struct Run: Encodable {
        var tool: Tool
        var columnKind = "utf16CodeUnits"
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var semanticVersion: String
        var rules: [Rule]
    }

    struct Text: Encodable {
        var text: String
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text?
        var defaultConfiguration: Configuration
        var properties: Properties?

        struct Configuration: Encodable {
            var level: String
        }

        struct Properties: Encodable {
            var tags: [String]
        }

        init(id: String, shortDescription: Text, fullDescription: Text? = nil, level: String, tags: [String]? = nil) {
            self.id = id
            name = id
            self.shortDescription = shortDescription
            self.fullDescription = fullDescription
            defaultConfiguration = Configuration(level: level)
            properties = tags.map(Properties.init(tags:))
        }
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Text
        var locations: [Location]
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }
}
