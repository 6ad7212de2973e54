import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

/// Paths of one character (`r`, `a/`, `./`): Foundation's `deletingLastPathComponent` traps on
/// them, so a path's folder is worked out from its bytes alone.
struct ShortPathTests {
    let mvvm = MVVMExecutable()

    @Test(arguments: [
        ("r", ""), ("a/", ""), ("./", ""), ("a//", ""), ("é", ""), ("/r", "/"), ("/", "/"), ("ab", ""),
        ("a/b", "a"), ("a//b", "a"), ("a//b//c/", "a/b"), ("/a/b/", "/a"), ("//a", "/"), ("cd/./ab", "cd/."),
    ])
    func aPathsFolderIsFoundWithoutFoundation(path: String, folder: String) {
        #expect(PathText.parent(of: path) == folder)
    }

    @Test func everyOutputOptionTakesAOneCharacterPath() async throws {
        let project = try temporaryProject(OutputSafetyTests.files.merging([".mvvm.yml": "preset: triad\n"]) { $1 })
        defer { try? FileManager.default.removeItem(at: project) }
        try FileManager.default.copyItem(at: project.appendingPathComponent(".mvvm.yml"), to: project.appendingPathComponent("c"))
        let lint = try await mvvm.run(["lint", "--no-cache", "--config", "c", "--reporter", "json:r", "Sources"], in: project)
        #expect(lint.status == 1, "\(lint.error)")
        let baseline = try await mvvm.run(["lint", "--no-cache", "--write-baseline", "b", "Sources"], in: project)
        #expect(baseline.status == 0, "\(baseline.error)")
        let graph = try await mvvm.run(["graph", "--no-cache", "--output", "g", "Sources"], in: project)
        #expect(graph.status == 0, "\(graph.error)")
        for name in ["r", "b", "g"] {
            #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(name).path), "\(name)")
        }
    }

    @Test func twoOutputsToOneFileAreAUsageError() async throws {
        let project = try temporaryProject(OutputSafetyTests.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "json:out", "--reporter", "sarif:./out", "Sources"], in: project)
        #expect(result.status == 2)
        #expect(result.error.contains("--reporter json:out and --reporter sarif:./out name the same file"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("out").path))
    }
}
