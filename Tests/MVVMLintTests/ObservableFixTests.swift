import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `view-model-observable`'s fix, which spans files: the class and the views that hold it are
/// written together or not at all, the dry run shows every file, and the fixed code parses and
/// lints without the finding.
struct ObservableFixTests {
    let mvvm = MVVMExecutable()

    static let files: [String: String] = [
        ".mvvm.yml": "preset: responder\n",
        "Sources/App/CounterViewModel.swift": """
            import Combine

            @MainActor
            final class CounterViewModel: ObservableObject {
                @Published private(set) var count = 0
            }

            """,
        "Sources/App/CounterView.swift": """
            import SwiftUI

            struct CounterView: View {
                @StateObject private var viewModel = CounterViewModel()
                var body: some View { CounterLabel(viewModel: viewModel) }
            }

            struct CounterLabel: View {
                @ObservedObject var viewModel: CounterViewModel
                var body: some View { Text("\\(viewModel.count)") }
            }

            """,
    ]

    static let fixedModel = """
        import Combine
        import Observation

        @MainActor
        @Observable
        final class CounterViewModel {
            private(set) var count = 0
        }

        """

    static let fixedView = """
        import SwiftUI

        struct CounterView: View {
            @State private var viewModel = CounterViewModel()
            var body: some View { CounterLabel(viewModel: viewModel) }
        }

        struct CounterLabel: View {
            var viewModel: CounterViewModel
            var body: some View { Text("\\(viewModel.count)") }
        }

        """

    static func text(_ project: URL, _ path: String) throws -> String {
        try String(contentsOf: project.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theClassAndItsHoldersAreFixedTogetherAndASecondFixChangesNothing() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--fix", "--no-cache"], in: project)
        #expect(result.error.hasPrefix("Fixed 1 finding in 2 files;"), "\(result.error)")
        #expect(try Self.text(project, "Sources/App/CounterViewModel.swift") == Self.fixedModel)
        #expect(try Self.text(project, "Sources/App/CounterView.swift") == Self.fixedView)
        #expect(!result.output.contains("[view-model-observable]"))

        let again = try await mvvm.run(["lint", "--fix", "--no-cache"], in: project)
        #expect(again.error.hasPrefix("Fixed 0 findings in 0 files;"), "\(again.error)")
        #expect(try Self.text(project, "Sources/App/CounterViewModel.swift") == Self.fixedModel)
        #expect(try Self.text(project, "Sources/App/CounterView.swift") == Self.fixedView)
    }

    @Test func aReadOnlyHolderLeavesEveryFileOfTheFixAlone() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let view = project.appendingPathComponent("Sources/App/CounterView.swift")
        #expect(chmod(view.path, 0o444) == 0)
        let result = try await mvvm.run(["lint", "--fix", "--no-cache"], in: project)
        #expect(result.error.contains("1 left (1: the file may not be replaced: it is read-only)"), "\(result.error)")
        #expect(try Self.text(project, "Sources/App/CounterViewModel.swift") == Self.files["Sources/App/CounterViewModel.swift"])
        #expect(try Self.text(project, "Sources/App/CounterView.swift") == Self.files["Sources/App/CounterView.swift"])
        #expect(result.output.contains("[view-model-observable]"))
    }

    @Test func aHolderChangedSinceLintingLeavesEveryFileOfTheFixAlone() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let report = try await onOwnThread {
            var options = ProjectSession.Options(tool: "observable-fix-test")
            options.paths = [project.appendingPathComponent("Sources").path]
            options.config = project.appendingPathComponent(".mvvm.yml").path
            options.cachePath = project.appendingPathComponent(".build/cache").path
            options.jobs = 1
            let session = try ProjectSession(options, rules: .builtIn)
            let discovery = session.discover()
            let result = session.analyze(discovery, with: Linter(jobs: 1, rules: .builtIn))
            // Another program edits the view between the lint and the fix.
            let view = project.appendingPathComponent("Sources/App/CounterView.swift")
            try (Self.files["Sources/App/CounterView.swift", default: ""] + "// edited\n").write(to: view, atomically: false, encoding: .utf8)
            return session.fix(result.diagnostics, contentHashes: result.contentHashes, linted: discovery.found)
        }
        #expect(report.changedFiles == 0)
        #expect(report.left.keys.contains { $0.hasSuffix("CounterView.swift could not be read for the fix") }, "\(report.left)")
        #expect(try Self.text(project, "Sources/App/CounterViewModel.swift") == Self.files["Sources/App/CounterViewModel.swift"])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/patch"), "applies the diff with patch"))
    func theDryRunShowsEveryFileAndItsDiffGivesWhatTheFixWrites() async throws {
        let previewed = try temporaryProject(Self.files), fixed = try temporaryProject(Self.files)
        defer {
            try? FileManager.default.removeItem(at: previewed)
            try? FileManager.default.removeItem(at: fixed)
        }
        let preview = try await mvvm.run(["lint", "--fix", "--dry-run", "--no-cache"], in: previewed)
        #expect(preview.output.contains("+++ b/Sources/App/CounterView.swift\n"))
        #expect(preview.output.contains("+++ b/Sources/App/CounterViewModel.swift\n"))
        #expect(preview.error.hasPrefix("Would fix 1 finding in 2 files;"), "\(preview.error)")
        #expect(try Self.text(previewed, "Sources/App/CounterView.swift") == Self.files["Sources/App/CounterView.swift"])

        let patch = try await BuiltCommand(url: URL(fileURLWithPath: "/usr/bin/patch")).run(["-p1", "--quiet"], in: previewed, input: preview.output)
        #expect(patch.status == 0, "\(patch.output)\(patch.error)")
        _ = try await mvvm.run(["lint", "--fix", "--no-cache"], in: fixed)
        for path in ["Sources/App/CounterView.swift", "Sources/App/CounterViewModel.swift"] {
            #expect(try Self.text(previewed, path) == Self.text(fixed, path))
        }
    }

    @Test func twoModelsOfOneViewAreFixedInOneRunWhateverWayEachIsMade() async throws {
        var files = Self.files
        files["Sources/App/SettingsViewModel.swift"] = """
            import Combine

            @MainActor
            final class SettingsViewModel: ObservableObject {
                @Published var step: Int
                init(step: Int) { self.step = step }
            }

            """
        files["Sources/App/CounterView.swift"] = """
            import SwiftUI

            struct CounterView: View {
                @StateObject private var viewModel = CounterViewModel()
                @StateObject private var settings: SettingsViewModel
                init(step: Int) { _settings = StateObject(wrappedValue: SettingsViewModel(step: step)) }
                var body: some View { Text("\\(viewModel.count) \\(settings.step)") }
            }

            """
        let project = try temporaryProject(files)
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--fix", "--no-cache"], in: project)
        #expect(result.error.contains(" in 3 files;") && !result.output.contains("[view-model-observable]"), "\(result.error)\(result.output)")
        let view = try Self.text(project, "Sources/App/CounterView.swift")
        #expect(view.contains("@State private var viewModel = CounterViewModel()"), "\(view)")
        #expect(view.contains("_settings = State(wrappedValue: SettingsViewModel(step: step))"), "\(view)")
        let again = try await mvvm.run(["lint", "--fix", "--no-cache"], in: project)
        #expect(again.error.hasPrefix("Fixed 0 findings in 0 files;"), "\(again.error)")
        #expect(try Self.text(project, "Sources/App/CounterView.swift") == view)
    }

    @Test func aRunOverNamedFilesLeavesTheFixThatReachesOtherFiles() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--fix", "--no-cache", "Sources/App/CounterViewModel.swift"], in: project)
        #expect(result.error.contains("1 left (1: only some files were named; run --fix over the module's folder)"), "\(result.error)")
        #expect(try Self.text(project, "Sources/App/CounterViewModel.swift") == Self.files["Sources/App/CounterViewModel.swift"])
    }

    @Test func aPackageForSystemsBeforeObservationOnDiskLeavesTheFinding() async throws {
        var files = Self.files
        files["Package.swift"] = "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(name: \"App\", platforms: [.iOS(.v16)])\n"
        let project = try temporaryProject(files)
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--fix", "--no-cache", "Sources"], in: project)
        #expect(result.error.contains("1 left (1: the package supports iOS 16, before Observation)"), "\(result.error)")
        #expect(try Self.text(project, "Sources/App/CounterView.swift") == Self.files["Sources/App/CounterView.swift"])
    }

    /// Each fixed example of the rule parses and, linted with its whole preset, has no finding
    /// that the example before the fix did not have.
    @Test func everyFixedExampleParsesAndBringsNoNewFinding() async throws {
        try await onOwnThread {
            let rule = ViewModelObservableRule.description
            for example in rule.triggering where example.fixed != nil {
                let code = example.code.replacingOccurrences(of: "↓", with: "")
                var before = example.extraFiles
                before[example.path] = code
                var after = before.merging(example.fixedExtraFiles) { $1 }
                after[example.path] = example.fixed
                for (path, text) in after {
                    #expect(FileFixer.parses(text, asWellAs: before[path] ?? ""), "\(path) does not parse:\n\(text)")
                }
                let found = { (files: [String: String]) in
                    Linter(jobs: 1, rules: .builtIn).lint(files.map { SourceInput(path: $0.key, text: $0.value) }, configurationForFile: { _ in
                        var configuration = Configuration()
                        configuration.preset = .responder
                        return configuration
                    }).diagnostics.map { "\($0.ruleID): \($0.message)" }
                }
                let old = Set(found(before)), new = Set(found(after))
                #expect(!new.contains { $0.hasPrefix("view-model-observable:") }, "\(new)")
                #expect(new.subtracting(old).isEmpty, "new findings: \(new.subtracting(old))")
            }
        }
    }
}
