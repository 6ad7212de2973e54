import Foundation
import MVVMLint
import Testing

/// The linter must survive any input: every rule, and the graph, runs over damaged versions of
/// real files.
struct RobustnessTests {
    static func realFiles() throws -> [SourceInput] {
        let root = LintCommandTests.packageRoot
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

    @Test func truncatedAndSplicedFilesNeverCrashAnyRule() throws {
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
        for preset in Preset.allCases {
            var settings = Configuration()
            settings.preset = preset
            let configured = settings
            let result = Linter(jobs: 2).lint(damaged, configuration: { _ in configured })
            #expect(result.fileCount == damaged.count)
            // Every finding points into its file.
            for diagnostic in result.diagnostics {
                #expect(diagnostic.line >= 1 && diagnostic.column >= 1, "\(diagnostic)")
            }
            // The graph is drawn from the same damaged facts, in every format.
            let graph = ViewModelGraph(facts: result.facts)
            for format in GraphFormat.allCases {
                #expect(format.render(graph).hasSuffix("\n"))
            }
            #expect(graph.edges.allSatisfy { edge in graph.nodes.contains { $0.name == edge.parent } })
        }
    }
}
