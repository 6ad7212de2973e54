import CommandTestSupport
import Foundation
import Testing

/// `mvvm graph`'s options and errors, through the real executable.
struct GraphCommandTests {
    let mvvm = MVVMExecutable()

    @Test func outputWritesTheFileAndPrintsNothing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-graph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph.dot")

        let result = try await mvvm.run(["graph", "Examples/ItemList", "--format", "dot", "--output", file.path, "--no-cache"])

        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.isEmpty)
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.hasPrefix("digraph ViewModels {\n"))
        #expect(written.contains("\"HomeViewModel\" -> \"ItemListViewModel\" [label=\"makeItemListViewModel\"];"))
    }

    @Test func rootDrawsOneScreenAndWhatItReaches() async throws {
        let result = try await mvvm.run(["graph", "Examples/HackerNews", "--root", "StoryViewModel", "--no-cache"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("StoryViewModel -->|\"comments, thread\"| CommentViewModel"))
        #expect(!result.output.contains("ReaderViewModel"))
        #expect(!result.output.contains("StoryListViewModel"))
    }

    @Test func anUnknownRootIsAUsageErrorWithASuggestion() async throws {
        let result = try await mvvm.run(["graph", "Examples/HackerNews", "--root", "StoryViewModle", "--no-cache"])
        #expect(result.status == 2)
        #expect(result.error == "mvvm: 'StoryViewModle' is not a view model in Examples/HackerNews. Did you mean 'StoryViewModel'?\n")
        #expect(result.output.isEmpty)
    }

    @Test(arguments: [
        (["graph", "--format", "svg"], "The value 'svg' is invalid for '--format <format>'. Please provide one of 'mermaid', 'dot' or 'json'."),
        (["graph", "Nowhere"], "no such file or folder: Nowhere"),
        (["graph", "Examples", "--output", "/nonexistent-folder/graph.mmd", "--no-cache"], "the graph '/nonexistent-folder/graph.mmd' cannot be written (its folder does not exist)."),
    ])
    func badInputExitsWithTwoAndSaysWhy(arguments: [String], message: String) async throws {
        let result = try await mvvm.run(arguments)
        #expect(result.status == 2)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(result.output.isEmpty)
    }
}
