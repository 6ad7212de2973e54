import CommandTestSupport
import Foundation
import MVVMLint
import Testing

/// The linter must survive any input: every rule, and the graph, runs over damaged versions of
/// real files.
struct RobustnessTests {
    static func realFiles() throws -> [SourceInput] {
        let root = MVVMExecutable.packageRoot
        var files: [SourceInput] = []
        for folder in ["Examples/Login/Sources", "Examples/ItemList/Sources", "Examples/HackerNews/Sources/Reader", "Fixtures/Triad", "Fixtures/Responder"] {
            let base = root.appendingPathComponent(folder)
            let paths = try #require(FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String], "\(folder) is missing")
            for path in paths where path.hasSuffix(".swift") {
                files.append(SourceInput(path: folder + "/" + path, text: try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)))
            }
        }
        return files
    }

    @Test func truncatedAndSplicedFilesNeverCrashAnyRule() async throws {
        let files = try Self.realFiles()
        #expect(files.count > 10)
        var damaged: [SourceInput] = []
        for file in files {
            let bytes = Array(file.text.utf8)
            // Cut at 16 places spread over the file, and splice the halves back in reverse.
            for step in 1...16 {
                let cut = bytes.count * step / 17
                let head = String(decoding: bytes[..<cut], as: UTF8.self)
                let tail = String(decoding: bytes[cut...], as: UTF8.self)
                damaged.append(SourceInput(path: "\(file.path)#cut\(step)", text: head))
                damaged.append(SourceInput(path: "\(file.path)#splice\(step)", text: tail + head))
            }
        }
        let damagedFiles = damaged
        // Seconds of parsing: on a thread of its own, so the other tests' tasks keep running.
        let runs = try await onOwnThread { try Preset.builtIn.map(\.id).map { try Self.lintAndDraw(damagedFiles, preset: $0) } }
        for run in runs {
            #expect(run.fileCount == damaged.count, "\(run.preset)")
            #expect(run.misplacedFindings.isEmpty, "\(run.preset): \(run.misplacedFindings)")
            #expect(run.graphsEndInANewline, "\(run.preset)")
            #expect(run.edgesStartAtNodes, "\(run.preset)")
        }
    }

    /// What linting damaged files under one preset, and drawing their graph, came to.
    struct DamagedRun: Sendable {
        var preset: Preset.ID
        var fileCount: Int
        /// Findings that do not point into their file.
        var misplacedFindings: [String]
        var graphsEndInANewline: Bool
        var edgesStartAtNodes: Bool
    }

    static func lintAndDraw(_ files: [SourceInput], preset: Preset.ID) throws -> DamagedRun {
        var settings = Configuration()
        settings.preset = preset
        let configured = settings
        let result = Linter(jobs: 1, rules: .builtIn).lint(files, configurationForFile: { _ in configured })
        // The graph is drawn from the same damaged facts, in every format.
        let graph = ViewModelGraph(facts: result.facts)
        return DamagedRun(
            preset: preset,
            fileCount: result.fileCount,
            misplacedFindings: result.diagnostics.filter { $0.line < 1 || $0.column < 1 }.map { "\($0)" },
            graphsEndInANewline: try GraphFormat.allCases.allSatisfy { try $0.render(graph).hasSuffix("\n") },
            edgesStartAtNodes: graph.edges.allSatisfy { edge in graph.nodes.contains { $0.name == edge.parent } }
        )
    }
}
