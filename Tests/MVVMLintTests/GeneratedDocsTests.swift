import CommandTestSupport
import Foundation
import MVVMLint
import Testing

/// The rule book in `docs/rules.md` and the table in README.md are generated from the rules; these
/// tests fail when a rule changes and the documents were not regenerated.
struct GeneratedDocsTests {
    static let root = MVVMExecutable.packageRoot

    @Test func theRuleBookIsCurrent() throws {
        let committed = try String(contentsOf: Self.root.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(committed == RuleBook.markdown(.builtIn), "Regenerate it: swift run generate-rule-files")
    }

    @Test func theReadmeRuleTableIsCurrent() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- rules:begin"))
        let end = try #require(readme.range(of: "<!-- rules:end -->"))
        let afterMarker = try #require(readme[begin.upperBound...].range(of: "-->\n"))
        let table = String(readme[afterMarker.upperBound..<end.lowerBound])
        #expect(table == RuleBook.table(.builtIn, page: "docs/rules.md"), "Regenerate it: swift run generate-rule-files")
    }

    /// README's short form of the architecture says of making view models what the rule checks
    /// (it used to say a view never creates one, while the rule lets a view own the one it holds).
    @Test func theReadmeSaysWhatTheRuleBookSaysAboutMakingViewModels() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## The architecture in five lines\n"))
        let lines = readme[start.upperBound...].prefix { $0 != "#" }
        let summary = try #require(RuleSet.builtIn.descriptions.first { $0.id == "view-creates-no-view-models" }).summary
        let rule = try #require(summary.split(separator: ";").first).lowercased()
        #expect(lines.lowercased().contains(rule), "README's five lines should say '\(rule)'")
        #expect(!lines.contains("never creates"))
    }

    @Test func everyRuleIsInTheRuleBookWithItsExamples() {
        let book = RuleBook.markdown(.builtIn)
        for rule in RuleSet.builtIn.descriptions {
            #expect(book.contains("\n## \(rule.id)\n"), "\(rule.id) missing")
            for example in rule.triggering + rule.nonTriggering {
                #expect(book.contains(example.code), "\(rule.id): an example is missing")
            }
        }
    }
}
