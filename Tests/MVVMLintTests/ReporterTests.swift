import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import MVVMLint
import Testing

struct ReporterTests {
    static let diagnostics = [
        Diagnostic(path: "Sources/App/Login View.swift", line: 3, column: 7, ruleID: "view-model-final", severity: .warning,
                   message: "View model 'A' is not final, 100% sure: <yes> & \"no\".", hint: "Declare it `final class`."),
        Diagnostic(path: "Sources/App/B.swift", line: 1, column: 1, ruleID: "parse-error", severity: .warning,
                   message: "The file does not parse (x); its rules were skipped."),
        Diagnostic(path: "Sources/App/B.swift", line: 9, column: 2, ruleID: "view-model-main-actor", severity: .error,
                   message: "View model 'B' is not @MainActor."),
    ]

    @Test func githubLinesAreWorkflowCommandsWithEscaping() throws {
        let lines = try ReporterKind.github.render(Self.diagnostics, context: ReportContext(rules: .builtIn)).split(separator: "\n").map(String.init)
        #expect(lines == [
            "::warning file=Sources/App/Login View.swift,line=3,col=7,title=mvvm lint%3A view-model-final::View model 'A' is not final, 100%25 sure: <yes> & \"no\".%0ADeclare it `final class`.",
            "::warning file=Sources/App/B.swift,line=1,col=1,title=mvvm lint%3A parse-error::The file does not parse (x); its rules were skipped.",
            "::error file=Sources/App/B.swift,line=9,col=2,title=mvvm lint%3A view-model-main-actor::View model 'B' is not @MainActor.",
        ])
    }

    @Test func junitIsWellFormedWithAFailurePerDiagnostic() throws {
        let xml = try ReporterKind.junit.render(Self.diagnostics, context: ReportContext(rules: .builtIn))
        let counter = ElementCounter()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { String(describing: $0) } ?? "")")
        #expect(counter.counts["testcase"] == 2)
        #expect(counter.counts["failure"] == 3)
        #expect(counter.failureMessages.first == "Sources/App/B.swift:1:1: warning: The file does not parse (x); its rules were skipped. [parse-error]")
        #expect(counter.failureMessages.contains { $0.contains("100% sure: <yes> & \"no\".") })
    }

    @Test func junitWithoutViolationsIsOnePassingCase() throws {
        let xml = try ReporterKind.junit.render([], context: ReportContext(rules: .builtIn))
        #expect(xml.contains(#"<testcase classname="mvvm lint" name="architecture"/>"#))
        #expect(!xml.contains("<failure"))
    }

    /// The parts of SARIF 2.1.0 that code scanning requires, checked field by field (the schema
    /// itself is not available offline).
    @Test func sarifHasTheRequiredStructure() throws {
        let json = try JSONSerialization.jsonObject(with: Data(try ReporterKind.sarif.render(Self.diagnostics, context: ReportContext(rules: .builtIn)).utf8))
        let log = try #require(json as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let tool = try #require(runs[0]["tool"] as? [String: Any])
        let driver = try #require(tool["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "mvvm")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids.count == rules.count && Set(ids).count == ids.count, "rule ids are present and unique")
        #expect(Set(ids).isSuperset(of: RuleSet.builtIn.ids))
        for rule in rules {
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["none", "note", "warning", "error"].contains(level ?? ""))
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == Self.diagnostics.count)
        for (result, diagnostic) in zip(results, Self.diagnostics) {
            #expect(result["ruleId"] as? String == diagnostic.ruleID)
            let ruleIndex = try #require(result["ruleIndex"] as? Int)
            #expect(ids[ruleIndex] == diagnostic.ruleID)
            #expect(result["level"] as? String == diagnostic.severity.rawValue)
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.hasPrefix(diagnostic.message) == true)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            #expect(artifact["uri"] as? String == diagnostic.path.replacingOccurrences(of: " ", with: "%20"))
            #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
            let region = try #require(location["region"] as? [String: Any])
            #expect(region["startLine"] as? Int == diagnostic.line)
            #expect(region["startColumn"] as? Int == diagnostic.column)
        }
    }
}

/// Counts elements and collects `<failure message=...>` values.
private final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    var failureMessages: [String] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        counts[elementName, default: 0] += 1
        if elementName == "failure", let message = attributes["message"] {
            failureMessages.append(message)
        }
    }
}

/// The formats the tests name; the command line knows them only by ``ReporterKind/allCases``.
extension ReporterKind {
    static let xcode = ReporterKind(XcodeReporter.self)
    static let github = ReporterKind(GitHubReporter.self)
    static let sarif = ReporterKind(SARIFReporter.self)
    static let junit = ReporterKind(JUnitReporter.self)
}
