import Foundation
import Testing

/// The DocC catalogs of `MVVM` and `MVVMTesting` list every public symbol in their Topics: each
/// top-level type and function, and each member a module adds to a type of another module
/// (which DocC would otherwise show nowhere a reader looks). Members of a module's own types are
/// listed on their type's page by DocC itself.
struct DocCatalogTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["MVVM", "MVVMTesting"])
    func everyPublicSymbolIsListedInTheCatalogsTopics(_ module: String) throws {
        let sources = Self.repository.appendingPathComponent("Sources/\(module)")
        let catalog = try String(contentsOf: sources.appendingPathComponent("\(module).docc/\(module).md"), encoding: .utf8)
        let topics = try #require(catalog.range(of: "## Topics")).upperBound
        let listed = catalog[topics...]
            .split(separator: "\n")
            .filter { $0.hasPrefix("- ``") }
            .map { String($0.dropFirst(4)) }

        let symbols = try PublicSymbols.read(sourcesIn: sources)
        #expect(!symbols.isEmpty)
        let missing = symbols.filter { symbol in
            !listed.contains { entry in
                if symbol.contains("/") {
                    // A member of another module's type: DocC links it through that module.
                    return entry.contains("/" + symbol)
                }
                return entry.hasPrefix(symbol.hasSuffix("(") || symbol.hasSuffix(":") ? symbol : symbol + "``")
            }
        }
        #expect(missing.isEmpty, "Sources/\(module)/\(module).docc/\(module).md does not list in its Topics: \(missing)")
    }

    @Test func theReaderFindsEachKindOfDeclaration() {
        let source = """
            public struct Box<Value> {
                public func open() {}
            }

            @MainActor
            public func waitFor(
                _ description: String
            ) {}

            public func capture(isolation: isolated (any Actor)? = #isolation) {}

            extension Box {
                public var size: Int { 0 }
            }

            extension Array {
                public func sortedTwice() -> Self { self }
                func hidden() {}
            }

            extension Equatable {
                fileprivate func isSame(as other: Any) -> Bool { false }
            }
            """
        #expect(PublicSymbols.read(files: [source]) == ["Box", "waitFor(_:", "capture(isolation:", "Array/sortedTwice("])
    }
}

/// Reads the public declarations of a module's source files, by their layout: top-level
/// declarations start at the first column, and members of an extension at four spaces.
enum PublicSymbols {
    static func read(sourcesIn folder: URL) throws -> [String] {
        let files = FileManager.default.enumerator(at: folder.resolvingSymlinksInPath(), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path } ?? []
        return read(files: try files.map { try String(contentsOf: $0, encoding: .utf8) })
    }

    /// Each symbol as the start of its link in a catalog: `Name` for a type, `name(label:` for a
    /// function (its first argument label), `Type/member(label:` for a member added to another
    /// module's type.
    static func read(files: [String]) -> [String] {
        var topLevel: [String] = []
        var types: Set<String> = []
        var extended: [(type: String, member: String)] = []
        for text in files {
            let lines = text.components(separatedBy: "\n")
            var extendedType: String?
            for (index, line) in lines.enumerated() {
                if line.hasPrefix("}") {
                    extendedType = nil
                } else if line.hasPrefix("extension ") {
                    extendedType = line.dropFirst("extension ".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }.description
                } else if line.hasPrefix("public ") || line.hasPrefix("@MainActor public ") {
                    let declaration = lines[index...].prefix(4).joined(separator: " ")
                    if let name = typeName(in: line) {
                        topLevel.append(name)
                        types.insert(name)
                    } else if let function = functionLink(in: declaration) {
                        topLevel.append(function)
                    }
                } else if let type = extendedType, line.hasPrefix("    public ") {
                    let declaration = lines[index...].prefix(4).joined(separator: " ")
                    if let function = functionLink(in: declaration) {
                        extended.append((type, function))
                    } else if let property = propertyName(in: line) {
                        extended.append((type, property))
                    }
                }
            }
        }
        return topLevel + extended.filter { !types.contains($0.type) }.map { "\($0.type)/\($0.member)" }
    }

    private static let typeKeywords = ["class", "struct", "enum", "protocol", "actor", "typealias"]

    private static func typeName(in line: String) -> String? {
        let words = line.split(separator: " ")
        guard let keyword = words.firstIndex(where: { typeKeywords.contains(String($0)) }), keyword + 1 < words.count else {
            return nil
        }
        return String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    private static func propertyName(in line: String) -> String? {
        let words = line.split(separator: " ")
        guard let keyword = words.firstIndex(where: { $0 == "var" || $0 == "let" }), keyword + 1 < words.count else {
            return nil
        }
        return String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// `name(label:` for a function declaration, `name(` when it takes no argument.
    private static func functionLink(in declaration: String) -> String? {
        guard let keyword = declaration.range(of: "func ") else { return nil }
        let rest = declaration[keyword.upperBound...]
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        // The parameter list opens at the first parenthesis after the generic clause.
        guard let open = rest.firstIndex(of: "(") else { return nil }
        let parameters = rest[rest.index(after: open)...].drop { $0 == " " }
        if parameters.first == ")" {
            return "\(name)("
        }
        guard let colon = parameters.firstIndex(of: ":") else { return nil }
        let label = parameters[..<colon].split(separator: " ").first.map(String.init) ?? "_"
        return "\(name)(\(label):"
    }
}
