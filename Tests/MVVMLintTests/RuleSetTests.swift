import Foundation
@testable import MVVMLint
import RuleDeclarations
import Testing

/// The built-in rule set is written by `swift run generate-rule-files` from the rules folder;
/// these tests make a stale list (a rule that would silently never run), or two rules sharing an
/// id, fail.
struct RuleSetTests {
    /// The rules folder of the library, found from this file's path.
    static let rulesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/MVVMLint/Rules")

    /// The linter tells file rules from project rules by what each rule says it is, not by a
    /// run-time cast: what it says must be what it is, for the built-in rules and for a rule of
    /// another module's kind (a test's own rule types).
    @Test func eachRuleSaysWhichKindItIs() {
        struct OwnFileRule: FileRule {
            static let description = RuleDescription(
                id: "own-file-rule", summary: "A test's.", rationale: "For the test.", presets: .common,
                defaultSeverity: .warning, triggering: [], nonTriggering: []
            )
            func check(_ file: FileContext) -> [PendingDiagnostic] { [] }
        }
        struct OwnProjectRule: ProjectRule {
            static let description = RuleDescription(
                id: "own-project-rule", summary: "A test's.", rationale: "For the test.", presets: .common,
                defaultSeverity: .warning, triggering: [], nonTriggering: []
            )
            func check(_ project: ProjectContext) -> [Diagnostic] { [] }
        }
        let rules: [any Rule] = RuleSet.builtIn.rules.map { $0.init() } + [OwnFileRule(), OwnProjectRule()]
        for rule in rules {
            #expect((rule.asFileRule != nil) == (rule is any FileRule), "\(type(of: rule))")
            #expect((rule.asProjectRule != nil) == (rule is any ProjectRule), "\(type(of: rule))")
            #expect((rule.asFileRule != nil) != (rule.asProjectRule != nil), "\(type(of: rule)) is one kind")
        }
        let linter = Linter(jobs: 1, rules: .builtIn)
        #expect(linter.fileRules.count + linter.projectRules.count == RuleSet.builtIn.rules.count)
    }

    @Test func theBuiltInSetHasEveryRuleInTheRulesFolder() throws {
        let declared = Set(try RuleDeclarations.names(under: Self.rulesFolder))
        #expect(declared.count >= 30, "the scan found too few rules; did the folder move?")
        let registered = Set(RuleSet.builtIn.rules.map { String(describing: $0) })
        #expect(declared.subtracting(registered).isEmpty, "not in RuleSet.builtIn: run swift run generate-rule-files")
        #expect(registered.subtracting(declared).isEmpty, "not declared in the rules folder: run swift run generate-rule-files")
        #expect(RuleSet.builtIn.rules.count == RuleSet.builtIn.ids.count)
    }

    @Test func theScanFindsEveryWayOfDeclaringARule() {
        let text = """
            struct ForgottenRule: FileRule {}
            public struct AlsoForgottenRule: ProjectRule, Sendable {}
            struct SendableFirstRule: Sendable, FileRule {}
            @available(macOS 14, *)
            public final class
                SpreadRule: MVVMLint.ProjectRule {}
            struct ComposedRule: Sendable & FileRule {}
            enum Rules { struct NestedRule: FileRule {} }
            extension ExtendedRule: FileRule {}
            struct NotARule: Equatable {}
            // struct CommentedRule: FileRule {}
            let text = "struct QuotedRule: FileRule {}"
            """
        #expect(RuleDeclarations.names(in: text) == [
            "ForgottenRule", "AlsoForgottenRule", "SendableFirstRule", "SpreadRule", "ComposedRule", "NestedRule", "ExtendedRule",
        ])
    }

    struct ExtraRule: FileRule {
        static let description = RuleDescription(
            id: "extra-rule", summary: "An extra rule.", rationale: "For the test.", presets: Set(Preset.builtIn.map(\.id)),
            defaultSeverity: .warning, triggering: [], nonTriggering: []
        )
        func check(_ file: FileContext) -> [PendingDiagnostic] { [] }
    }

    struct ClashingRule: FileRule {
        static let description = RuleDescription(
            id: "view-model-final", summary: "Clashes.", rationale: "For the test.", presets: Set(Preset.builtIn.map(\.id)),
            defaultSeverity: .warning, triggering: [], nonTriggering: []
        )
        func check(_ file: FileContext) -> [PendingDiagnostic] { [] }
    }

    @Test func setsCombineAndRejectDuplicateIDs() throws {
        let combined = try RuleSet.builtIn + [ExtraRule.self]
        #expect(combined.ids == RuleSet.builtIn.ids.union(["extra-rule"]))
        #expect(combined.descriptions.last?.id == "extra-rule")
        #expect(combined.fingerprint != RuleSet.builtIn.fingerprint)
        #expect(throws: RuleSet.DuplicateRuleID(id: "view-model-final")) { try RuleSet.builtIn + [ClashingRule.self] }
        #expect(throws: RuleSet.DuplicateRuleID(id: "extra-rule")) { try RuleSet([ExtraRule.self, ExtraRule.self]) }
    }

    @Test func suppressionsAndConfigurationKnowTheSetsRules() throws {
        let combined = try RuleSet.builtIn + [ExtraRule.self]
        let yaml = "rules:\n  extra-rule:\n    severity: error\n"
        // The built-in rules alone leave the id to whichever tool adds it (ToolKeyTests).
        let builtInConfiguration = try ConfigurationLoader(rules: .builtIn).parse(yaml, path: ".mvvm.yml")
        #expect(builtInConfiguration.rulesLeftToTool == ["extra-rule"] && builtInConfiguration.rules["extra-rule"] == nil)
        let combinedConfiguration = try ConfigurationLoader(rules: combined).parse(yaml, path: ".mvvm.yml")
        #expect(combinedConfiguration.rulesLeftToTool.isEmpty && combinedConfiguration.rules["extra-rule"]?.severity == .error)
        let source = SourceInput(path: "A.swift", text: "// mvvm:disable:next extra-rule\nlet a = 1\n")
        let builtInResult = Linter(jobs: 1, rules: .builtIn).lint([source], configurationForFile: { _ in Configuration() })
        #expect(builtInResult.diagnostics.map(\.ruleID) == ["invalid-suppression"])
        let combinedResult = Linter(jobs: 1, rules: combined).lint([source], configurationForFile: { _ in Configuration() })
        #expect(combinedResult.diagnostics.isEmpty)
    }

    @Test func factsCachedUnderOtherRulesAreNotReused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rule-set-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("facts.bin")
        let combined = try RuleSet.builtIn + [ExtraRule.self]
        let source = SourceInput(path: "A.swift", text: "let a = 1\n")
        let settings: @Sendable (String) -> Configuration = { _ in Configuration() }
        let first = LintCache(url: url, tool: "t", rules: .builtIn)
        _ = Linter(jobs: 1, rules: .builtIn).lint([source], configurationForFile: settings, cache: first)
        try first.save()
        let sameRules = LintCache(url: url, tool: "t", rules: .builtIn)
        _ = Linter(jobs: 1, rules: .builtIn).lint([source], configurationForFile: settings, cache: sameRules)
        #expect(sameRules.hitCount == 1)
        let otherRules = LintCache(url: url, tool: "t", rules: combined)
        _ = Linter(jobs: 1, rules: combined).lint([source], configurationForFile: settings, cache: otherRules)
        #expect(otherRules.hitCount == 0)
    }
}
