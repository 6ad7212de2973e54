import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

/// A re-run over a project the cache knows to be unchanged reports the findings it stored; any
/// change to a file, the file set, the settings or the modules lints again.
struct StoredProjectResultTests {
    static let files = [
        "Sources/App/ProfileView.swift": "import SwiftUI\n\nstruct ProfileView: View {\n    @State var name = \"\"\n    var body: some View { Text(name) }\n}\n",
        "Sources/App/ProfileViewModel.swift": "import Observation\n\n@Observable\nclass ProfileViewModel {\n    var name = \"\"\n}\n",
    ]

    /// Lints `project`'s Sources with the cache in `project/cache`, as `mvvm lint` does.
    func lint(_ project: URL, settings: Configuration = Configuration(), keepsFacts: Bool = false) throws -> LintResult {
        let cache = LintCache(url: project.appendingPathComponent("cache/facts.bin"), tool: "test", rules: .builtIn)
        let discovery = FileDiscovery(paths: [project.appendingPathComponent("Sources").path], configuration: settings)
        var linter = Linter(jobs: 2, rules: .builtIn)
        linter.keepsFacts = keepsFacts
        let result = linter.lint(discovery.inputs, configurationForFile: { _ in settings }, cache: cache)
        try cache.save()
        return result
    }

    /// A project whose files were last changed long enough ago for their stamps to count.
    func settledProject(_ files: [String: String] = Self.files) throws -> URL {
        try CommandTestSupport.settledProject(files)
    }

    /// Writes `text` to `path` in `project`, last changed `secondsAgo`.
    @discardableResult
    func write(_ text: String, to path: String, in project: URL, secondsAgo: Double = 100) throws -> URL {
        let file = project.appendingPathComponent(path)
        try text.write(to: file, atomically: true, encoding: .utf8)
        try settle(file, secondsAgo: secondsAgo)
        return file
    }

    @Test func anUnchangedProjectIsReportedFromTheStoredFindings() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let cold = try lint(project)
        #expect(!cold.isStored)
        #expect(cold.diagnostics.contains { $0.ruleID == "view-model-final" })

        let warm = try lint(project)
        #expect(warm.isStored)
        #expect(warm.diagnostics == cold.diagnostics)
        #expect(warm.fileCount == 2)
    }

    @Test func filesTakenInAnotherOrderAreLintedAgainWithTheSameFindings() throws {
        // The stored files are found by their place in the run, not by a table of paths. Two
        // files with the same text and the same stamp pass the stamp and fingerprint checks in
        // either order: only the path at each place tells the order changed.
        let text = "import Observation\n\n@Observable\nclass TwinViewModel {\n    var name = \"\"\n}\n"
        let project = try settledProject(["Sources/App/A.swift": text, "Sources/App/B.swift": text])
        defer { try? FileManager.default.removeItem(at: project) }
        let stamp = Date(timeIntervalSinceNow: -100)
        for name in ["A", "B"] {
            try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: project.appendingPathComponent("Sources/App/\(name).swift").path)
        }
        let cold = try lint(project)
        let cache = LintCache(url: project.appendingPathComponent("cache/facts.bin"), tool: "test", rules: .builtIn)
        let inputs = FileDiscovery(paths: [project.appendingPathComponent("Sources").path], configuration: Configuration()).inputs
        #expect(inputs.count == 2 && inputs[0].stamp == inputs[1].stamp)
        var linter = Linter(jobs: 2, rules: .builtIn)
        linter.keepsFacts = false
        let inOrder = linter.lint(inputs, configurationForFile: { _ in Configuration() }, cache: cache)
        #expect(inOrder.isStored)
        let reversed = linter.lint(Array(inputs.reversed()), configurationForFile: { _ in Configuration() }, cache: cache)
        #expect(!reversed.isStored)
        #expect(reversed.diagnostics == cold.diagnostics)
    }

    @Test func theFingerprintIsTheSameInAnyOrderOfTheFiles() {
        let files = (0..<40).map { number in
            ProjectFingerprint.File(path: "Sources/\(number % 3 == 0 ? "Ä" : "A")/File\(number).swift", contentHash: UInt64(number), configurationHash: 7)
        }
        let fingerprint = ProjectFingerprint.of(files, modules: .single)
        #expect(ProjectFingerprint.of(files.reversed(), modules: .single, jobs: 3) == fingerprint)
        #expect(ProjectFingerprint.of(files.shuffled(), modules: .single) == fingerprint)
        var edited = files
        edited[5].contentHash += 1
        #expect(ProjectFingerprint.of(edited, modules: .single) != fingerprint)
    }

    @Test func filesWrittenJustBeforeTheRunAreNeverServedFromStoredFindings() throws {
        // Their stamps could hide an edit within the same clock tick.
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        _ = try lint(project)
        #expect(try !lint(project).isStored)
    }

    @Test func aStoredResultIsReportedWithoutReadingTheLintCache() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let cold = try lint(project)
        let facts = project.appendingPathComponent("cache/facts.bin")
        let stored = try Data(contentsOf: facts)
        try Data("not a cache".utf8).write(to: facts)

        let warm = try lint(project)
        #expect(warm.isStored)
        #expect(warm.diagnostics == cold.diagnostics)
        #expect(try Data(contentsOf: facts) == Data("not a cache".utf8), "a run that read no facts writes none")
        #expect(stored.count > 0)
    }

    @Test func aDamagedStoredResultIsLintedAgain() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let cold = try lint(project)
        let file = project.appendingPathComponent("cache/facts.bin.project")
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: file)

        let relinted = try lint(project)
        #expect(!relinted.isStored)
        #expect(relinted.diagnostics == cold.diagnostics)
        #expect(try lint(project).isStored)
    }

    @Test func anEditedFileIsLintedAgain() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        _ = try lint(project)
        try write("import Observation\n\n@Observable\nfinal class ProfileViewModel {\n    var name = \"\"\n}\n",
                  to: "Sources/App/ProfileViewModel.swift", in: project, secondsAgo: 50)

        let edited = try lint(project)
        #expect(!edited.isStored)
        #expect(!edited.diagnostics.contains { $0.ruleID == "view-model-final" })
        // The new findings are stored in turn.
        #expect(try lint(project).isStored)
    }

    @Test func anAddedOrRemovedFileIsLintedAgain() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        _ = try lint(project)
        let added = try write("struct Other {}\n", to: "Sources/App/Other.swift", in: project)
        let withAdded = try lint(project)
        #expect(!withAdded.isStored)
        #expect(withAdded.fileCount == 3)

        try FileManager.default.removeItem(at: added)
        #expect(try !lint(project).isStored)
    }

    @Test func otherSettingsAreLintedAgain() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        _ = try lint(project)
        var responder = Configuration()
        responder.preset = "responder"
        let other = try lint(project, settings: responder)
        #expect(!other.isStored)
    }

    @Test func aRunThatKeepsFactsNeverTakesTheStoredFindings() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        _ = try lint(project)
        let graph = try lint(project, keepsFacts: true)
        #expect(!graph.isStored)
        #expect(graph.facts.count == 2)
    }

    @Test func aFileWithANewStampAndTheSameTextIsReadAgainWithTheSameFindings() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let cold = try lint(project)
        // A file the cache cannot vouch for (its stamp changed, its text did not) is read again,
        // and the project's findings are the same.
        try settle(project.appendingPathComponent("Sources/App/ProfileView.swift"), secondsAgo: 30)
        let reread = try lint(project)
        #expect(!reread.isStored)
        #expect(reread.diagnostics == cold.diagnostics)
        #expect(try lint(project).isStored)
    }
}
