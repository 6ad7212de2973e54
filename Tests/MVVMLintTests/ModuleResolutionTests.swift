import CommandTestSupport
import Foundation
import MVVMLint
import Testing

/// Type names resolve per module, so what else is linted never changes a project's findings.
struct ModuleResolutionTests {
    /// Two apps that reuse the names `ViewModel`, `Keys` and `Content` for different things.
    static let twoApps: [String: String] = [
        // App A derives its view models from a base class named `ViewModel`, sets main-actor
        // default isolation, and has an enum `Keys` with a case `shared`.
        "AppA/Package.swift": """
            // swift-tools-version: 6.2
            import PackageDescription
            let package = Package(name: "AppA", targets: [
                .target(name: "AppA", swiftSettings: [.defaultIsolation(MainActor.self)]),
                .target(name: "Settings", path: "Features/Settings"),
            ])
            """,
        "AppA/Sources/AppA/ViewModel.swift": """
            import Observation
            @Observable class ViewModel {
                var isLoading = false
            }
            """,
        "AppA/Sources/AppA/HomeViewModel.swift": """
            import Observation
            enum Keys { case personal, shared }
            @MainActor protocol HomeViewModeling: Observable {}
            final class HomeViewModel: ViewModel, HomeViewModeling {
                private(set) var key = Keys.shared
            }
            """,
        "AppA/Sources/AppA/Content.swift": """
            import Observation
            @MainActor protocol ContentViewModeling: Observable {}
            @Observable final class Content: ContentViewModeling {}
            """,
        "AppA/Features/Settings/SettingsViewModel.swift": """
            import Observation
            @Observable final class SettingsViewModel {}
            """,
        // App B has views generic over `ViewModel` and `Content`, and a singleton `Keys`.
        "AppB/Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "AppB", targets: [.target(name: "AppB")])
            """,
        "AppB/Sources/AppB/RowView.swift": """
            import SwiftUI
            struct RowView<ViewModel: RowViewModeling, Content: View>: View {
                @State var viewModel: ViewModel
                let content: Content
                var body: some View { content }
            }
            """,
        "AppB/Sources/AppB/RowViewModel.swift": """
            import Observation
            struct Keys { static let shared = Keys() }
            @MainActor protocol RowViewModeling: Observable {}
            @MainActor @Observable final class RowViewModel: RowViewModeling {
                private let keys = Keys.shared
            }
            """,
    ]

    func run(_ arguments: [String], in directory: URL) async throws -> [String] {
        let result = try await BuiltCommand("mvvm").run(["lint", "--no-cache", "--reporter", "xcode"] + arguments, in: directory)
        #expect(result.status == 0 || result.status == 1, "\(result.error)")
        return result.output.split(separator: "\n").map { line in
            line.hasPrefix("./") ? String(line.dropFirst(2)) : String(line)
        }.filter { $0.contains(": warning: ") || $0.contains(": error: ") }.sorted()
    }

    @Test func linkingTwoAppsTogetherReportsTheUnionOfLintingEachAlone() async throws {
        let root = try TemporaryTree(Self.twoApps)
        defer { root.remove() }
        let appA = try await run(["AppA"], in: root.url)
        let appB = try await run(["AppB"], in: root.url)
        let union = (appA + appB).sorted()
        #expect(try await run(["AppA", "AppB"], in: root.url) == union)
        #expect(try await run(["."], in: root.url) == union)

        // App A: its `Keys.shared` is an enum case, its base class `ViewModel` is not reported as
        // not final, and main-actor default isolation comes from its own manifest.
        #expect(!appA.contains { $0.contains("Keys.shared") }, "\(appA)")
        #expect(!appA.contains { $0.contains("'ViewModel' is not final") || $0.contains("view-model-final") }, "\(appA)")
        #expect(!appA.contains { $0.contains("AppA/Sources/") && $0.contains("view-model-main-actor") }, "\(appA)")
        // The `Settings` target (an explicit `path:`) shares the package's isolation setting.
        #expect(!appA.contains { $0.contains("SettingsViewModel.swift") && $0.contains("view-model-main-actor") }, "\(appA)")
        // App B: `Keys.shared` is a singleton there.
        #expect(appB.contains { $0.contains("RowViewModel.swift") && $0.contains("'Keys.shared'") }, "\(appB)")
    }

    @Test func packageTargetsNestedPackagesAndXcodeProjectsAreModules() throws {
        let root = try TemporaryTree([
            "App/App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n",
            "App/App/RootView.swift": "struct RootView {}\n",
            "App/Packages/Feed/Package.swift": """
                // swift-tools-version: 6.0
                import PackageDescription
                let package = Package(name: "Feed", targets: [
                    .target(name: "Feed"),
                    .target(name: "FeedUI", path: "UI"),
                    .testTarget(name: "FeedTests"),
                ])
                """,
            "App/Packages/Feed/Sources/Feed/Feed.swift": "struct Feed {}\n",
            "App/Packages/Feed/UI/FeedView.swift": "struct FeedView {}\n",
            "App/Packages/Feed/Tests/FeedTests/FeedTests.swift": "struct FeedTests {}\n",
            "Loose/Script.swift": "struct Script {}\n",
        ])
        defer { root.remove() }
        let paths = [
            "App/App/RootView.swift", "App/Packages/Feed/Sources/Feed/Feed.swift", "App/Packages/Feed/UI/FeedView.swift",
            "App/Packages/Feed/Tests/FeedTests/FeedTests.swift", "Loose/Script.swift",
        ].map { root.url.appendingPathComponent($0).path }
        let modules = ModuleMap(paths: paths, roots: [root.url.appendingPathComponent("Loose").path])
        #expect(paths.map { modules.module(of: $0).name } == ["App", "Feed", "FeedUI", "FeedTests", "Loose"])
        // The app and its local package are one project; the loose folder is its own.
        let projects = paths.map { modules.module(of: $0).project }
        #expect(Set(projects.prefix(4)).count == 1)
        #expect(projects[4] != projects[0])
    }

    /// Lints a package of three targets, Core, UI and Other, each with one file of the given
    /// text, and hands `check` the index of their facts (each file in its module) and the three
    /// files' full paths.
    private static func withThreeModules(
        core: String, ui: String, other: String, _ check: (ProjectIndex, [String]) throws -> Void
    ) throws {
        let relative = ["Sources/Core/Core.swift", "Sources/UI/UI.swift", "Sources/Other/Other.swift"]
        let root = try TemporaryTree([
            "Package.swift": """
                // swift-tools-version: 6.0
                import PackageDescription
                let package = Package(name: "P", targets: [.target(name: "Core"), .target(name: "UI"), .target(name: "Other")])
                """,
            relative[0]: core, relative[1]: ui, relative[2]: other,
        ])
        defer { root.remove() }
        let paths = relative.map { root.url.appendingPathComponent($0).path }
        var sources: [SourceInput] = []
        for path in paths {
            sources.append(SourceInput(path: path, text: try String(contentsOfFile: path, encoding: .utf8)))
        }
        let modules = ModuleMap(paths: paths, roots: [root.url.path])
        let result = Linter(jobs: 1, rules: .builtIn).lint(sources, configurationForFile: { _ in Configuration() }, modules: modules)
        try check(ProjectIndex(result.facts, modules: modules), paths)
    }

    @Test func aNameResolvesInItsOwnModuleFirstThenInWhatTheFileImports() throws {
        let core = "import Observation\n@Observable class Screen {}\n"
        try Self.withThreeModules(core: core, ui: "struct Screen {}\n", other: "import Core\nfinal class ProfileModel: Screen {}\n") { index, paths in
            // `Screen` in Other means Core's class (imported), not UI's struct (not imported).
            #expect(index.has(.baseClass, "Screen", in: paths[0]))
            #expect(!index.has(.baseClass, "Screen", in: paths[1]))
            #expect(index.has(.declared, "Screen", in: paths[2]))
        }
    }

    @Test func aNameDeclaredInTwoImportedModulesResolvesInImportOrderOrByItsModule() throws {
        try Self.withThreeModules(
            core: "import Observation\n@Observable class Screen {}\nextension Screen { struct Row {} }\n",
            ui: "struct Screen {}\nenum Layout { enum Row {} }\n",
            other: "import Core\nimport UI\nfinal class ProfileModel: Screen {}\n"
        ) { index, paths in
            let other = paths[2]
            // The first import that declares it: Core's class.
            #expect(index.has(.referenceType, "Screen", in: other))
            #expect(!index.has(.valueType, "Screen", in: other))
            // Named with its module, either one.
            #expect(index.has(.valueType, "UI.Screen", in: other))
            #expect(index.has(.referenceType, "Core.Screen", in: other))
            // Nested: Core's `Screen.Row` (in an extension) comes first, UI's `Layout.Row` by its scope.
            #expect(index.has(.valueType, "Screen.Row", in: other))
            #expect(index.has(.enumeration, "Layout.Row", in: other))
            #expect(!index.has(.declared, "Missing", in: other))
            #expect(index.declaredTypes == ["Screen", "Row", "Layout", "ProfileModel"])
        }
    }
}

/// Files written under a fresh temporary folder.
struct TemporaryTree {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-modules-\(UUID().uuidString)")
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
