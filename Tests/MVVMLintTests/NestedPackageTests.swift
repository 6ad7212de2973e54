import CommandTestSupport
import Foundation
import Testing

/// A monorepo nests packages: a `.mvvm.yml` beside a nested `Package.swift` is that package's
/// own configuration, and linting the whole tree lints each package by its own settings.
struct NestedPackageTests {
    let mvvm = BuiltCommand("mvvm")

    /// A view model that is not `@MainActor`: an error in every preset.
    static func viewModel(_ name: String) -> String {
        "import Observation\n\n@Observable\nfinal class \(name)ViewModel {\n    var title = \"\"\n}\n"
    }

    /// A triad app at the root, with a responder package nested in it that names its own tool
    /// and leaves its generated files out.
    static let tree: [String: String] = [
        ".mvvm.yml": "preset: triad\n",
        "Package.swift": "// swift-tools-version: 6.0\n",
        "Sources/App/AppViewModel.swift": viewModel("App"),
        "Packages/Feature/Package.swift": "// swift-tools-version: 6.0\n",
        "Packages/Feature/.mvvm.yml": "tool: feature-lint\npreset: responder\nexcluded: [Sources/Feature/Generated]\nrules:\n  feature-only-rule: error\n",
        "Packages/Feature/Sources/Feature/FeatureViewModel.swift": viewModel("Feature"),
        "Packages/Feature/Sources/Feature/Generated/GeneratedViewModel.swift": viewModel("Generated"),
        // A nested configuration without a manifest beside it stays an overlay of its package's.
        "Packages/Feature/Sources/Feature/Inner/.mvvm.yml": "rules:\n  view-model-main-actor: warning\n",
        "Packages/Feature/Sources/Feature/Inner/InnerViewModel.swift": viewModel("Inner"),
    ]

    /// The `rule id`s of each reported file, from a text report.
    static func findings(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }.map { line in
            let file = line.prefix { $0 != ":" }
            let severity = line.contains(": error: ") ? "error" : "warning"
            let rule = line.split(separator: "[").last.map { String($0.dropLast()) } ?? ""
            return "\(file) \(severity) \(rule)"
        }.sorted()
    }

    @Test(arguments: ["relative", "absolute", "from inside"])
    func aNestedPackageIsLintedByItsOwnSettings(_ how: String) async throws {
        let project = try temporaryProject(Self.tree)
        defer { try? FileManager.default.removeItem(at: project) }
        let result: CommandRun
        switch how {
        case "relative": result = try await mvvm.run(["lint", "--no-cache"], in: project)
        case "absolute": result = try await mvvm.run(["lint", "--no-cache", project.path], in: project)
        default: result = try await mvvm.run(["lint", "--no-cache", "../.."], in: project.appendingPathComponent("Sources/App"))
        }
        #expect(result.status == 1, "\(result.error)")
        let shown = Self.findings(result.output).map { $0.replacingOccurrences(of: project.path + "/", with: "").replacingOccurrences(of: "../../", with: "") }
        // The app's view model breaks a triad rule too, the package's a responder rule (its
        // preset); the inner overlay lowers a severity, and the generated file is left out.
        #expect(shown == [
            "Packages/Feature/Sources/Feature/FeatureViewModel.swift error outputs-private-set",
            "Packages/Feature/Sources/Feature/FeatureViewModel.swift error view-model-main-actor",
            "Packages/Feature/Sources/Feature/Inner/InnerViewModel.swift error outputs-private-set",
            "Packages/Feature/Sources/Feature/Inner/InnerViewModel.swift warning view-model-main-actor",
            "Sources/App/AppViewModel.swift error view-model-main-actor",
            "Sources/App/AppViewModel.swift warning view-model-conformance",
        ], "\(result.output)")
        #expect(result.error.contains("Feature/.mvvm.yml names 'feature-lint' as the tool that runs its whole rule set; mvvm ran the rules it knows, without 'feature-only-rule'."), "\(result.error)")
        #expect(result.error.contains("swift run feature-lint lint"), "\(result.error)")
    }

    @Test func theCacheKeepsEachPackagesFilesAndSettings() async throws {
        let project = try temporaryProject(Self.tree)
        defer { try? FileManager.default.removeItem(at: project) }
        let cold = try await mvvm.run(["lint"], in: project)
        let cached = try await mvvm.run(["lint"], in: project)
        #expect(cold.status == 1 && cached.status == 1)
        #expect(cached.output == cold.output)
        #expect(!cached.output.contains("GeneratedViewModel"))
    }

    @Test func aNestedConfigurationWithoutAManifestStillMayNotNameATool() async throws {
        var tree = Self.tree
        tree["Packages/Feature/Package.swift"] = nil
        let project = try temporaryProject(tree)
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--no-cache"], in: project)
        #expect(result.status == 2)
        #expect(result.error.contains("'tool' is not allowed in a nested configuration"), "\(result.error)")
    }
}
