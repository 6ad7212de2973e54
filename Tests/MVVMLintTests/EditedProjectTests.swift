import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

/// A re-run after a few files changed re-checks them alone when the rest of the project reads
/// them as before, and always reports what a run without a cache reports.
struct EditedProjectTests {
    static let viewModel = """
        import Observation

        @Observable
        final class ProfileViewModel {
            var name = ""

            func load() {
                name = "loaded"
            }
        }

        """
    static let files = [
        "Sources/App/ProfileView.swift": """
            import SwiftUI

            struct ProfileView: View {
                @State var viewModel: ProfileViewModel
                var body: some View { Text(viewModel.name).onAppear { viewModel.load() } }
            }

            """,
        "Sources/App/ProfileViewModel.swift": viewModel,
        "Sources/App/Analytics.swift": "final class Analytics {\n    static let shared = Analytics()\n    func track() {}\n}\n",
        "Sources/AppTests/ProfileTests.swift": "import Testing\n@testable import App\n\n@Test func loads() {\n    _ = ProfileViewModel()\n}\n",
    ]

    /// Lints `project`'s Sources as `mvvm lint` does, with the cache in `project/cache`, or
    /// without a cache.
    func lint(_ project: URL, cached: Bool = true) throws -> LintResult {
        let configuration = Configuration()
        let cache = cached ? LintCache(url: project.appendingPathComponent("cache/facts.bin"), tool: "test", rules: .builtIn) : nil
        let discovery = FileDiscovery(paths: [project.appendingPathComponent("Sources").path], configuration: configuration)
        var linter = Linter(jobs: 2, rules: .builtIn)
        linter.keepsFacts = false
        let result = linter.lint(discovery.inputs, configurationForFile: { _ in configuration }, cache: cache)
        try cache?.save()
        return result
    }

    /// A project whose files were last changed long enough ago for their stamps to count.
    func settledProject() throws -> URL {
        try CommandTestSupport.settledProject(Self.files, secondsAgo: 1_000)
    }

    /// One edit after another, each settled at its own time so its stamp differs from the last.
    struct Edit: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        /// The new text, from the current one; `nil` removes the file.
        var change: @Sendable (String) -> String?
        /// How the project phase should run, or `nil` for either way.
        var phase: LintResult.ProjectPhase?

        var testDescription: String { name }
    }

    static let edits: [Edit] = [
        Edit(name: "a line inserted above a project rule's finding", path: "Sources/App/ProfileViewModel.swift",
             change: { "// Profile screen.\n" + $0 }, phase: .edited(files: 1)),
        Edit(name: "another line in the same file", path: "Sources/App/ProfileViewModel.swift",
             change: { "// Second line.\n" + $0 }, phase: .edited(files: 1)),
        Edit(name: "a singleton reached in a body", path: "Sources/App/ProfileViewModel.swift",
             change: { $0.replacingOccurrences(of: "name = \"loaded\"", with: "name = \"loaded\"\n        Analytics.shared.track()") }, phase: nil),
        Edit(name: "a suppression comment", path: "Sources/App/ProfileViewModel.swift",
             change: { $0.replacingOccurrences(of: "@Observable\n", with: "@Observable\n// mvvm:disable:next view-model-conformance\n") },
             phase: .edited(files: 1)),
        Edit(name: "the suppression taken out", path: "Sources/App/ProfileViewModel.swift",
             change: { $0.replacingOccurrences(of: "// mvvm:disable:next view-model-conformance\n", with: "") }, phase: .edited(files: 1)),
        Edit(name: "a body that does not parse", path: "Sources/App/ProfileViewModel.swift",
             change: { $0.replacingOccurrences(of: "name = \"loaded\"", with: "name = = (") }, phase: nil),
        Edit(name: "the body mended", path: "Sources/App/ProfileViewModel.swift",
             change: { $0.replacingOccurrences(of: "name = = (", with: "name = \"loaded\"") }, phase: nil),
        Edit(name: "a renamed type", path: "Sources/App/ProfileViewModel.swift",
             change: { $0.replacingOccurrences(of: "class ProfileViewModel", with: "class ProfileModel") }, phase: .whole),
        Edit(name: "a new view holding a view model", path: "Sources/App/AddedView.swift",
             change: { _ in "import SwiftUI\n\nstruct AddedView: View {\n    @State private var viewModel = AddedViewModel()\n    var body: some View { Text(\"\") }\n}\n\n@Observable final class AddedViewModel {}\n" },
             phase: .whole),
        Edit(name: "a test's words", path: "Sources/AppTests/ProfileTests.swift",
             change: { $0 + "\n@Test func tracks() { Analytics.shared.track() }\n" }, phase: .whole),
        Edit(name: "a view's body", path: "Sources/App/ProfileView.swift",
             change: { $0.replacingOccurrences(of: "Text(viewModel.name)", with: "Text(viewModel.name + \"!\")") }, phase: .edited(files: 1)),
        Edit(name: "a file removed", path: "Sources/App/AddedView.swift", change: { _ in nil }, phase: .whole),
    ]

    @Test func everyEditReportsWhatAColdRunReports() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        _ = try lint(project)
        for (step, edit) in Self.edits.enumerated() {
            let file = project.appendingPathComponent(edit.path)
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if let changed = edit.change(text) {
                try changed.write(to: file, atomically: true, encoding: .utf8)
                try settle(file, secondsAgo: Double(900 - 10 * step))
            } else {
                try FileManager.default.removeItem(at: file)
            }
            let rerun = try lint(project)
            let cold = try lint(project, cached: false)
            #expect(rerun.diagnostics == cold.diagnostics, "after \(edit.name)")
            #expect(!cold.diagnostics.isEmpty)
            if let phase = edit.phase {
                #expect(rerun.phase == phase, "after \(edit.name)")
            }
            // And a run with nothing changed since reports the same from what the edit stored.
            let again = try lint(project)
            #expect(again.isStored, "after \(edit.name)")
            #expect(again.diagnostics == cold.diagnostics, "after \(edit.name)")
        }
    }

    @Test func aFindingMovesWithTheLinesAbove() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let before = try lint(project).diagnostics.filter { $0.ruleID == "view-model-conformance" }
        let file = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        let edited = "// One.\n// Two.\n" + Self.viewModel
        try edited.write(to: file, atomically: true, encoding: .utf8)
        try settle(file, secondsAgo: 500)
        let after = try lint(project)
        #expect(after.phase == .edited(files: 1))
        // A fix pass checks the file against the text linted, not the older one the facts cache holds.
        let hash = after.contentHashes.first { $0.key.hasSuffix("ProfileViewModel.swift") }?.value
        #expect(hash == LintCache.hash(edited))
        #expect(try lint(project).contentHashes.first { $0.key.hasSuffix("ProfileViewModel.swift") }?.value == LintCache.hash(edited))
        let moved = after.diagnostics.filter { $0.ruleID == "view-model-conformance" }
        #expect(before.count == 1)
        #expect(moved.map(\.line) == before.map { $0.line + 2 })
    }

    @Test func anEditsFindingsAreSortedInAsAWholeRunSortsThem() {
        var generator = SystemRandomNumberGenerator()
        let paths = ["a.swift", "B.swift", "b.swift", "c/d.swift", "c.swift", "é.swift", "z.swift"]
        func finding(_ path: String) -> Diagnostic {
            Diagnostic(path: path, line: Int.random(in: 1...5, using: &generator), column: 1, ruleID: "r", severity: .warning,
                       message: ["m", "n"].randomElement(using: &generator)!)
        }
        for _ in 0..<200 {
            let changed = Set(paths.filter { _ in Bool.random(using: &generator) })
            let kept = Array(Set(paths.filter { !changed.contains($0) }.flatMap { path in (0..<3).map { _ in finding(path) } })).sorted()
            let added = changed.flatMap { path in (0..<3).map { _ in finding(path) } }
            #expect(Linter.merging(added, into: kept) == Array(Set(kept + added)).sorted())
        }
    }

    @Test func aFileTouchedButNotChangedKeepsItsFindings() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let cold = try lint(project)
        try settle(project.appendingPathComponent("Sources/App/ProfileViewModel.swift"), secondsAgo: 500)
        let touched = try lint(project)
        #expect(touched.phase == .edited(files: 0))
        #expect(touched.diagnostics == cold.diagnostics)
        #expect(try lint(project).isStored)
    }
}
