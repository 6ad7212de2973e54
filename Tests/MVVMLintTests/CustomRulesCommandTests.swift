import CommandTestSupport
import Foundation
import Testing

/// Custom and layer rules from `.mvvm.yml`, run through the real `mvvm` executable.
struct CustomRulesCommandTests {
    func run(_ arguments: [String], in directory: URL) async throws -> CommandRun {
        try await BuiltCommand("mvvm").run(arguments, in: directory)
    }


    /// The report lines of one rule, from the Xcode reporter's output.
    func lines(of ruleID: String, in output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasSuffix("(\(ruleID))") }
    }

    /// Where a rule list line's group column starts: after the id and its padding.
    func groupColumn(_ line: String) -> Int {
        let id = line.prefix { $0 != " " }
        return id.count + line.dropFirst(id.count).prefix { $0 == " " }.count
    }

    static let repositoryRule = """
        preset: triad
        custom-rules:
          - id: no-repositories-in-views
            message: Views never touch repositories.
            hint: Ask the view model.
            roles: [view]
            forbid:
              types: ["*Repository"]

        """

    static let view = """
        import SwiftUI

        struct ProfileView: View {
            let repository: UserRepository
            var body: some View { Text("Hi") }
        }

        """

    static let viewModel = """
        import Observation

        @MainActor @Observable
        final class ProfileViewModel {
            let repository: UserRepository
            init(repository: UserRepository) { self.repository = repository }
        }

        """

    @Test func aTypeRuleScopedToViewsReportsViewsOnly() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": Self.repositoryRule,
            "Sources/ProfileView.swift": Self.view,
            "Sources/ProfileViewModel.swift": Self.viewModel,
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "--reporter", "xcode", "--no-cache", "."], in: project)
        #expect(lines(of: "no-repositories-in-views", in: result.output) == [
            "Sources/ProfileView.swift:4:21: warning: Views never touch repositories. (found 'UserRepository') (no-repositories-in-views)",
        ], "\(result.output)\(result.error)")
    }

    @Test func anImportRuleScopedToViewModelsReportsTheImportLine() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": """
                custom-rules:
                  - id: no-combine-in-view-models
                    message: View models use Observation, not Combine.
                    severity: error
                    roles: [view-model]
                    forbid: { imports: [Combine] }

                """,
            "Sources/FeedViewModel.swift": "import Combine\n\n@MainActor @Observable\nfinal class FeedViewModel {}\n",
            "Sources/Ticker.swift": "import Combine\n\nstruct Ticker {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "--reporter", "xcode", "--no-cache", "."], in: project)
        #expect(result.status == 1, "an error-severity custom rule fails the run")
        #expect(lines(of: "no-combine-in-view-models", in: result.output) == [
            "Sources/FeedViewModel.swift:1:1: error: View models use Observation, not Combine. (found 'import Combine') (no-combine-in-view-models)",
        ], "\(result.output)\(result.error)")
    }

    @Test func callsMembersAndAttributesAreMatchedAndSuppressionsSilenceThem() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": """
                custom-rules:
                  - id: no-direct-network
                    message: Network through the client.
                    paths: [Sources/Features]
                    forbid:
                      calls: [URLSession.shared.dataTask, print]
                      members: ["UserDefaults.standard"]
                      attributes: ["@Published"]

                """,
            "Sources/Features/Loader.swift": """
                import Foundation

                struct Loader {
                    func load(url: URL) {
                        URLSession.shared.dataTask(with: url).resume()
                        print("loading")
                        // mvvm:disable:next no-direct-network
                        print("quiet")
                        _ = UserDefaults.standard
                    }
                }
                final class Store {
                    @Published var count = 0
                }

                """,
            "Sources/Other/Logger.swift": "struct Logger {\n    func log() { print(\"outside the paths\") }\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "--reporter", "xcode", "--no-cache", "."], in: project)
        #expect(result.status == 0, "warnings do not fail the run: \(result.output)\(result.error)")
        #expect(lines(of: "no-direct-network", in: result.output) == [
            "Sources/Features/Loader.swift:5:9: warning: Network through the client. (found 'URLSession.shared.dataTask') (no-direct-network)",
            "Sources/Features/Loader.swift:6:9: warning: Network through the client. (found 'print') (no-direct-network)",
            "Sources/Features/Loader.swift:9:13: warning: Network through the client. (found 'UserDefaults.standard') (no-direct-network)",
            "Sources/Features/Loader.swift:13:5: warning: Network through the client. (found '@Published') (no-direct-network)",
        ], "\(result.output)\(result.error)")
        #expect(!result.output.contains("invalid-suppression"), "a custom rule's id is a known id for suppressions")
    }

    @Test func aTestRoleRuleAppliesToTestFilesOnly() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": """
                custom-rules:
                  - id: no-sleep-in-tests
                    message: Wait for the event, not for time.
                    roles: [test]
                    forbid: { calls: [sleep, Thread.sleep] }

                """,
            "Tests/AppTests/WaitTests.swift": "import Testing\n\n@Test func waits() {\n    sleep(1)\n}\n",
            "Sources/App/Pause.swift": "import Foundation\n\nfunc pause() { sleep(1) }\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "--reporter", "xcode", "--no-cache", "."], in: project)
        #expect(lines(of: "no-sleep-in-tests", in: result.output) == [
            "Tests/AppTests/WaitTests.swift:4:5: warning: Wait for the event, not for time. (found 'sleep') (no-sleep-in-tests)",
        ], "\(result.output)\(result.error)")
    }

    @Test func frontEndAndModelRolesFollowTheLinterRecognition() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": """
                custom-rules:
                  - id: no-print-in-front-ends
                    message: Front ends log through the logger.
                    roles: [front-end]
                    forbid: { calls: [print] }
                  - id: no-print-in-models
                    message: Models do not print.
                    roles: [model]
                    forbid: { calls: [print] }

                """,
            "Sources/ProfileController.swift": "import UIKit\n\nfinal class ProfileController: UIViewController {\n    func f() { print(1) }\n}\n",
            "Sources/Item.swift": "struct Item {\n    func f() { print(2) }\n}\n",
            "Sources/ItemView.swift": "import SwiftUI\n\nstruct ItemView: View {\n    var body: some View { let _ = print(3); Text(\"\") }\n}\n",
            "Sources/ItemViewModel.swift": "@MainActor @Observable\nfinal class ItemViewModel {\n    func f() { print(4) }\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "--reporter", "xcode", "--no-cache", "."], in: project)
        #expect(lines(of: "no-print-in-front-ends", in: result.output) == [
            "Sources/ProfileController.swift:4:16: warning: Front ends log through the logger. (found 'print') (no-print-in-front-ends)",
        ], "\(result.output)\(result.error)")
        #expect(lines(of: "no-print-in-models", in: result.output) == [
            "Sources/Item.swift:2:16: warning: Models do not print. (found 'print') (no-print-in-models)",
        ], "\(result.output)\(result.error)")
    }

    static let manifest = """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(name: "App", targets: [
            .target(name: "FeatureA", dependencies: ["FeatureB", "Core"]),
            .target(name: "FeatureB", dependencies: ["Core"]),
            .target(name: "Core"),
        ])

        """

    @Test func layerRulesAndModuleScopesFollowThePackageTargets() async throws {
        let project = try temporaryProject([
            "Package.swift": Self.manifest,
            ".mvvm.yml": """
                layers:
                  - id: features-independent
                    modules: ["Feature*"]
                    may-not-import: ["Feature*"]
                    severity: error
                custom-rules:
                  - id: no-print-in-feature-a
                    message: Log instead.
                    modules: [FeatureA]
                    forbid: { calls: [print] }

                """,
            "Sources/FeatureA/A.swift": "import Core\nimport FeatureB\n\nstruct A {\n    func f() { print(1) }\n}\n",
            "Sources/FeatureB/B.swift": "import Core\n\nstruct B {\n    func f() { print(2) }\n}\n",
            "Sources/Core/C.swift": "import Foundation\n\nstruct C {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "--reporter", "xcode", "--no-cache", "."], in: project)
        #expect(result.status == 1)
        #expect(lines(of: "features-independent", in: result.output) == [
            "Sources/FeatureA/A.swift:2:1: error: Modules matching 'Feature*' may not import 'FeatureB'. (features-independent)",
        ], "\(result.output)\(result.error)")
        #expect(lines(of: "no-print-in-feature-a", in: result.output) == [
            "Sources/FeatureA/A.swift:5:16: warning: Log instead. (found 'print') (no-print-in-feature-a)",
        ], "\(result.output)\(result.error)")
    }

    @Test func changingACustomRuleInvalidatesCachedResults() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": Self.repositoryRule,
            "Sources/ProfileView.swift": Self.view,
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let first = try await run(["lint", "--reporter", "xcode", "."], in: project)
        #expect(lines(of: "no-repositories-in-views", in: first.output).first?.contains(": warning: ") == true, "\(first.output)")
        #expect(first.status == 0)
        let stricter = Self.repositoryRule.replacingOccurrences(of: "    hint:", with: "    severity: error\n    hint:")
        try stricter.write(to: project.appendingPathComponent(".mvvm.yml"), atomically: true, encoding: .utf8)
        let second = try await run(["lint", "--reporter", "xcode", "."], in: project)
        #expect(second.status == 1, "\(second.output)\(second.error)")
        #expect(lines(of: "no-repositories-in-views", in: second.output).first?.contains(": error: ") == true, "\(second.output)")
    }

    @Test func sarifAndTheRuleListDescribeCustomRules() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": Self.repositoryRule,
            "Sources/ProfileView.swift": Self.view,
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let sarif = try await run(["lint", "--reporter", "sarif", "--no-cache", "."], in: project)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any]
        let runs = log?["runs"] as? [[String: Any]]
        let driver = (runs?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any]
        let rules = driver?["rules"] as? [[String: Any]] ?? []
        let custom = rules.first { $0["id"] as? String == "no-repositories-in-views" }
        #expect((custom?["shortDescription"] as? [String: Any])?["text"] as? String == "Views never touch repositories.")
        let results = runs?.first?["results"] as? [[String: Any]] ?? []
        #expect(results.contains { $0["ruleId"] as? String == "no-repositories-in-views" })

        let listed = try await run(["rules"], in: project)
        #expect(listed.status == 0)
        let lastLine = listed.output.split(separator: "\n").last.map(String.init) ?? ""
        let builtInLine = listed.output.split(separator: "\n").first.map(String.init) ?? ""
        #expect(lastLine.hasPrefix("no-repositories-in-views "), "\(listed.output)")
        #expect(lastLine.hasSuffix("custom     warning  Views never touch repositories."), "\(listed.output)")
        #expect(groupColumn(lastLine) == groupColumn(builtInLine), "custom rules line up with the built-in ones: \(listed.output)")
        let explicit = try await run(["rules", "--config", ".mvvm.yml"], in: project)
        #expect(explicit.output == listed.output)
    }

    /// The configuration errors, each with the line and column of what is wrong.
    @Test(arguments: [
        ("custom-rules:\n  - id: a-rule\n    message: M\n    roles: [veiw]\n    forbid: { calls: [print] }\n",
         ".mvvm.yml:4:13: error: unknown value for 'a-rule.roles' 'veiw'; did you mean 'view'?"),
        ("custom-rules:\n  - id: a-rule\n    message: M\n    forbid: { types: [\"\"] }\n",
         ".mvvm.yml:4:23: error: 'a-rule.forbid.types' has an empty pattern"),
        ("custom-rules:\n  - id: a-rule\n    message: M\n    forbid: { calls: [print] }\n  - id: a-rule\n    message: N\n    forbid: { calls: [dump] }\n",
         ".mvvm.yml:5:9: error: the custom rule id 'a-rule' is declared twice"),
        ("custom-rules:\n  - id: view-model-final\n    message: M\n    forbid: { calls: [print] }\n",
         ".mvvm.yml:2:9: error: the custom rule id 'view-model-final' is the id of a built-in rule; choose another"),
        ("custom-rules:\n  - id: a-rule\n    message: M\n    severity: fatal\n    forbid: { calls: [print] }\n",
         ".mvvm.yml:4:15: error: unknown value for 'a-rule.severity' 'fatal'"),
        ("custom-rules:\n  - id: a-rule\n    mesage: M\n    forbid: { calls: [print] }\n",
         ".mvvm.yml:3:5: error: unknown key in 'custom-rules' 'mesage'; did you mean 'message'?"),
        ("custom-rules:\n  - id: a-rule\n    message: M\n    forbid: { cals: [print] }\n",
         ".mvvm.yml:4:15: error: unknown key in 'a-rule.forbid' 'cals'; did you mean 'calls'?"),
        ("custom-rules:\n  - id: A_Rule\n    message: M\n    forbid: { calls: [print] }\n",
         ".mvvm.yml:2:9: error: the rule id 'A_Rule' must be kebab case"),
        ("layers:\n  - id: a-layer\n    modules: [Feature*]\n    may-not-import: []\n",
         ".mvvm.yml:4:21: error: 'a-layer.may-not-import' must list at least one pattern"),
        ("custom_rules: []\n",
         ".mvvm.yml:1:1: error: unknown key 'custom_rules'; did you mean 'custom-rules'?"),
    ])
    func aBadCustomRuleStopsTheRunWithItsLocation(configuration: String, expected: String) async throws {
        let project = try temporaryProject([".mvvm.yml": configuration, "Sources/A.swift": "struct A {}\n"])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "."], in: project)
        #expect(result.status == 2)
        #expect(result.error.contains(expected), "\(result.error)")
    }
}
