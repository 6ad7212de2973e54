import CommandTestSupport
import Foundation
import Testing

/// The graph of every example app, drawn by the real `mvvm graph`, against a committed copy.
/// After an intended change, run `MVVM_UPDATE_GOLDEN=1 swift test --filter GraphGoldenTests` and
/// review the diff.
struct GraphGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GraphGolden")
    static let examples = ["HackerNews", "ItemList", "Login", "Counter"]

    func graph(_ example: String, format: String) async throws -> String {
        let result = try await MVVMExecutable().run(["graph", "Examples/\(example)", "--format", format, "--no-cache"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.isEmpty)
        return result.output
    }

    @Test(arguments: examples, ["mermaid", "dot", "json"])
    func matchesItsGoldenCopy(example: String, format: String) async throws {
        let text = try await graph(example, format: format)
        let file = Self.folder.appendingPathComponent("\(example).\(format == "mermaid" ? "mmd" : format)")
        if ProcessInfo.processInfo.environment["MVVM_UPDATE_GOLDEN"] != nil {
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        if format == "json" {
            // Compared as data, so the test does not depend on how Foundation spaces JSON.
            let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
            let expected = try JSONSerialization.jsonObject(with: Data(golden.utf8)) as? NSDictionary
            #expect(decoded == expected, "\(example) differs from \(file.lastPathComponent)")
        } else {
            #expect(text == golden, "\(example) differs from \(file.lastPathComponent)")
        }
    }

    @Test(arguments: examples)
    func jsonHasTheDocumentedShape(example: String) async throws {
        let object = try JSONSerialization.jsonObject(with: Data(try await graph(example, format: "json").utf8))
        let document = try #require(object as? [String: Any])
        #expect(Set(document.keys) == ["formatVersion", "viewModels", "edges", "responders", "hosts", "findings"])
        #expect(document["formatVersion"] as? Int == 1)

        let models = try #require(document["viewModels"] as? [[String: Any]])
        #expect(!models.isEmpty)
        var names: Set<String> = []
        for model in models {
            #expect(Set(model.keys) == ["name", "path", "line", "views"])
            let name = try #require(model["name"] as? String)
            names.insert(name)
            let path = try #require(model["path"] as? String)
            #expect(FileManager.default.fileExists(atPath: MVVMExecutable.packageRoot.appendingPathComponent(path).path))
            #expect((model["line"] as? Int ?? 0) > 0)
            #expect(model["views"] is [String])
        }
        #expect(models.compactMap { $0["name"] as? String } == names.sorted(), "view models are sorted by name")

        for edge in try #require(document["edges"] as? [[String: Any]]) {
            #expect(Set(edge.keys) == ["parent", "child", "via"])
            #expect(names.contains(edge["parent"] as? String ?? ""), "edges join listed view models")
            #expect(names.contains(edge["child"] as? String ?? ""))
            #expect(!(edge["via"] as? [String] ?? []).isEmpty)
        }
        for link in try #require(document["responders"] as? [[String: Any]]) {
            #expect(Set(link.keys) == ["child", "parent", "actions", "via"])
            #expect(names.contains(link["child"] as? String ?? ""))
            #expect(names.contains(link["parent"] as? String ?? ""))
            #expect(!(link["actions"] as? [String] ?? []).isEmpty)
        }
        for host in try #require(document["hosts"] as? [[String: Any]]) {
            #expect(Set(host.keys) == ["name", "viewModels"])
            #expect((host["viewModels"] as? [String] ?? []).allSatisfy(names.contains))
        }
        let findings = try #require(document["findings"] as? [String: Any])
        #expect(Set(findings.keys) == ["cycles", "unresolved", "uncreated", "unhandled"])
        #expect(findings["cycles"] is [[String]])
        #expect(findings["uncreated"] is [String])
        #expect(findings["unhandled"] is [String])
        #expect(findings["unresolved"] is [[String: String]])
    }

    @Test func theReadmeShowsTheHackerNewsGraph() async throws {
        let readme = try String(contentsOf: MVVMExecutable.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let graph = try await graph("HackerNews", format: "mermaid")
        #expect(readme.contains("```mermaid\n" + graph + "```\n"), "README's graph is stale; paste `mvvm graph Examples/HackerNews`")
    }
}
