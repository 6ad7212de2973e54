import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// The folders of `MVVMLint` are layers: a folder uses only what folders below it declare. This
/// test reads the library's sources as syntax and fails when a file names a type, calls a
/// top-level function, or reaches a member that only an extension in a higher layer adds
/// (`node.simpleName`). What it cannot see: a member whose name a lower layer also declares, and
/// names reached by inference alone.
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
        "Cache",          // each file's facts and the last run's findings, kept for the next run
        "Contract",       // `Rule`, `FileRule`, `ProjectRule`, their contexts, `RuleSet`
        "Rules/Support",  // vocabulary and shared checks of the rules
        "Rules/Common", "Rules/Responder", "Rules/Triad",
        "Rules/Custom",   // the checks behind `.mvvm.yml` custom and layer rules
        "Rules",          // the built-in set
        "Fixing",         // applying fixes: planning, checking and writing files, diffs
        "Engine",         // the file phase, the project index and the project phase
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

    /// Names declared at the top level of a file (types, type aliases and functions), and the
    /// members that its extensions add (methods and properties) with the type each extends.
    static func declaredNames(in tree: SourceFileSyntax) -> (topLevel: [String], extensionMembers: [(type: String, name: String)]) {
        var topLevel: [String] = []
        var extensionMembers: [(type: String, name: String)] = []
        for statement in tree.statements {
            guard let decl = statement.item.as(DeclSyntax.self) else { continue }
            if let named = decl.asProtocol(NamedDeclSyntax.self), !decl.is(VariableDeclSyntax.self) {
                topLevel.append(named.name.text)
            }
            guard let extended = decl.as(ExtensionDeclSyntax.self) else { continue }
            let type = extended.extendedType.trimmedDescription
            for member in extended.memberBlock.members {
                if let function = member.decl.as(FunctionDeclSyntax.self) {
                    extensionMembers.append((type, function.name.text))
                }
                for binding in member.decl.as(VariableDeclSyntax.self)?.bindings ?? [] {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        extensionMembers.append((type, name))
                    }
                }
            }
        }
        return (topLevel, extensionMembers)
    }

    /// Each use in `files` of a name that only layers above the file's own declare: a type or
    /// top-level function named anywhere, or a member that an extension of one of the library's
    /// own types adds, reached as `.name`. A member name that any declaration of the file's
    /// layer or one below has is not counted, and neither are extensions of the standard
    /// library's or swift-syntax's types (their members' names collide with those types' own).
    static func upwardUses(in files: [SourceFile]) -> [String] {
        var topLevelLayers: [String: Set<String>] = [:]
        var extensionMemberLayers: [String: Set<String>] = [:]
        var memberLayers: [String: Set<String>] = [:]
        let declared = files.map { declaredNames(in: $0.tree) }
        let libraryTypes = Set(declared.flatMap(\.topLevel))
        for (file, names) in zip(files, declared) {
            for name in names.topLevel {
                topLevelLayers[name, default: []].insert(file.layer)
            }
            for (type, name) in names.extensionMembers where libraryTypes.contains(type) {
                extensionMemberLayers[name, default: []].insert(file.layer)
            }
            for name in MemberNames.all(in: file.tree) {
                memberLayers[name, default: []].insert(file.layer)
            }
        }
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        // Used upward only when every declaration of the name sits above this layer.
        func above(_ layers: Set<String>, _ own: Int) -> Bool {
            (layers.compactMap { rank[$0] }.min() ?? -1) > own
        }
        var violations: [String] = []
        for file in files {
            guard let own = rank[file.layer] else { continue }
            var seen: Set<String> = []
            for token in file.tree.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind else { continue }
                let isMember = token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period
                let layers: Set<String>
                if let topLevel = topLevelLayers[name], !topLevel.contains(file.layer), above(topLevel, own) {
                    layers = topLevel
                } else if isMember, let added = extensionMemberLayers[name], above(added, own),
                          above(memberLayers[name] ?? [], own) {
                    layers = added
                } else {
                    continue
                }
                guard seen.insert(name).inserted else { continue }
                let path = file.url.path.dropFirst(library.path.count + 1)
                violations.append("\(path) (\(file.layer)) uses \(name) of \(layers.sorted().joined(separator: ", "))")
            }
        }
        return violations
    }

    @Test func everyFolderIsALayer() throws {
        let layers = Set(try Self.sources().map(\.layer)).subtracting([""])
        #expect(layers.subtracting(Self.order).isEmpty, "place these folders in LayerTests.order and CONTRIBUTING.md")
    }

    @Test func noLayerUsesOneAboveIt() throws {
        let violations = Self.upwardUses(in: try Self.sources())
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    /// The check must be able to fail: planted files of a low layer that name a type of a high
    /// one, and call a member an extension of a high layer adds.
    @Test func theCheckSeesAnUpwardUse() throws {
        func planted(_ path: String, _ text: String) -> SourceFile {
            let url = Self.library.appendingPathComponent(path)
            return SourceFile(url: url, layer: Self.layer(of: url), tree: Parser.parse(source: text))
        }
        let files = try Self.sources() + [
            planted("Files/ProbeType.swift", "struct ProbeType { let session: ProjectSession }"),
            planted("Session/ProbeExtension.swift", "extension PrintableText { static func probeAddedBySession() -> Int { 0 } }"),
            planted("Files/ProbeMember.swift", "func probe() -> Int { PrintableText.probeAddedBySession() }"),
        ]
        let violations = Set(Self.upwardUses(in: files))
        #expect(violations == [
            "Files/ProbeMember.swift (Files) uses probeAddedBySession of Session",
            "Files/ProbeType.swift (Files) uses ProjectSession of Session",
        ])
    }
}

/// The names of the methods and properties declared anywhere in a file, in types or extensions.
private final class MemberNames: SyntaxVisitor {
    var names: Set<String> = []

    static func all(in tree: SourceFileSyntax) -> Set<String> {
        let visitor = MemberNames(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return visitor.names
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            names.insert(name)
        }
        return .visitChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }
}
