import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// The folders of `MVVMLint` are layers: a folder uses only what folders below it declare. This
/// test reads the library's sources as syntax and fails when a file names a type, or calls a
/// top-level function, that only a higher layer declares. What it cannot see: members added in
/// extensions (`node.simpleName`) and names reached by inference alone; the lowest layers hold
/// most of those, so a member reached upward would need an explicit type name to be caught.
struct LayerTests {
    /// The layers, lowest first. CONTRIBUTING.md ("How the linter is laid out") states the same order; a new folder must be added here.
    static let order = [
        "Concurrency",    // worker threads and a parallel map
        "Files",          // reading and writing files safely; printable text
        "Syntax",         // source text, parsing with bounds, syntax queries, text edits
        "Catalog",        // what a rule is as data: descriptions, examples, presets, diagnostics, roles
        "Facts",          // per-file facts, modules, role resolution
        "Configuration",  // settings, `.mvvm.yml`, declarative custom rules
        "Input",          // discovery, sources, suppressions, baseline
        "Contract",       // `Rule`, `FileRule`, `ProjectRule`, their contexts, `RuleSet`
        "Rules/Support",  // vocabulary and shared checks of the rules
        "Rules/Common", "Rules/Responder", "Rules/Triad",
        "Rules/Custom",   // the checks behind `.mvvm.yml` custom and layer rules
        "Rules",          // the built-in set
        "Engine",         // linting and fixing files, the facts cache
        "Graph",
        "Reporting",
        "Session",        // the pipeline: configuration, discovery, lint or graph, fix, baseline
    ]

    static let library = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/MVVMLint")

    /// The layer of a file: its folder under the library, `Rules/X` for the rule groups.
    static func layer(of url: URL) -> String {
        let parts = url.path.dropFirst(library.path.count + 1).split(separator: "/").map(String.init)
        guard parts.count > 1 else { return "" }
        if parts[0] == "Rules" && parts.count > 2 { return "Rules/" + parts[1] }
        return parts[0]
    }

    struct SourceFile {
        var url: URL
        var layer: String
        var tree: SourceFileSyntax
    }

    static func sources() throws -> [SourceFile] {
        let files = try #require(FileManager.default.enumerator(at: library, includingPropertiesForKeys: nil))
        var result: [SourceFile] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            result.append(SourceFile(url: url, layer: layer(of: url), tree: Parser.parse(source: text)))
        }
        return result.sorted { $0.url.path < $1.url.path }
    }

    /// Names declared at the top level of a file: types, type aliases and functions.
    static func declaredNames(in tree: SourceFileSyntax) -> [String] {
        tree.statements.compactMap { statement -> String? in
            let decl = statement.item.as(DeclSyntax.self)
            if let named = decl?.asProtocol(NamedDeclSyntax.self), !(decl?.is(VariableDeclSyntax.self) ?? false) {
                return named.name.text
            }
            return nil
        }
    }

    @Test func everyFolderIsALayer() throws {
        let layers = Set(try Self.sources().map(\.layer)).subtracting([""])
        #expect(layers.subtracting(Self.order).isEmpty, "place these folders in LayerTests.order and CONTRIBUTING.md")
    }

    @Test func noLayerUsesOneAboveIt() throws {
        let files = try Self.sources()
        var declaringLayers: [String: Set<String>] = [:]
        for file in files {
            for name in Self.declaredNames(in: file.tree) {
                declaringLayers[name, default: []].insert(file.layer)
            }
        }
        let rank = Dictionary(uniqueKeysWithValues: Self.order.enumerated().map { ($1, $0) })
        var violations: [String] = []
        for file in files {
            guard let own = rank[file.layer] else { continue }
            var seen: Set<String> = []
            for token in file.tree.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind, seen.insert(name).inserted,
                      let layers = declaringLayers[name], !layers.contains(file.layer) else { continue }
                // Used upward only when every declaration of the name sits above this layer.
                let lowest = layers.compactMap { rank[$0] }.min() ?? -1
                if lowest > own {
                    let path = file.url.path.dropFirst(Self.library.path.count + 1)
                    violations.append("\(path) (\(file.layer)) uses \(name) of \(layers.sorted().joined(separator: ", "))")
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    /// The check must be able to fail: a file of a low layer naming a type of a high one.
    @Test func theCheckSeesAnUpwardUse() throws {
        let tree = Parser.parse(source: "struct Probe { let session: ProjectSession }")
        let names = tree.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            if case .identifier(let name) = token.tokenKind { return name }
            return nil
        }
        let declared = try Self.sources().filter { $0.layer == "Session" }.flatMap { Self.declaredNames(in: $0.tree) }
        #expect(names.contains("ProjectSession") && declared.contains("ProjectSession"))
    }
}
