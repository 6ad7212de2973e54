import Foundation
import SwiftParser
import SwiftSyntax

/// The rule types Swift sources declare, read from their syntax: each struct or class (or
/// extension) whose inheritance clause names `FileRule` or `ProjectRule`, in any position, at any
/// nesting. `generate-rule-files` writes the built-in rule list from it, and
/// `RuleSetTests` checks that list with it, so neither can miss a rule the other sees.
public enum RuleDeclarations {
    /// The protocols that make a type a rule.
    public static let ruleProtocols: Set<String> = ["FileRule", "ProjectRule"]

    /// The rule types `source` declares, in source order.
    public static func names(in source: String) -> [String] {
        let finder = RuleDeclarationFinder(viewMode: .sourceAccurate)
        finder.walk(Parser.parse(source: source))
        return finder.names
    }

    /// The rule types the Swift files under `folder` declare, files in the order of their paths.
    public static func names(under folder: URL) throws -> [String] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path } ?? []
        return try files.flatMap { names(in: try String(contentsOf: $0, encoding: .utf8)) }
    }
}

private final class RuleDeclarationFinder: SyntaxVisitor {
    var names: [String] = []

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name.text, node.inheritanceClause)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name.text, node.inheritanceClause)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.extendedType.trimmedDescription, node.inheritanceClause)
        return .visitChildren
    }

    private func record(_ name: String, _ clause: InheritanceClauseSyntax?) {
        guard let clause, clause.inheritedTypes.contains(where: { Self.namesARuleProtocol($0.type) }) else { return }
        names.append(name)
    }

    /// `FileRule`, `MVVMLint.FileRule`, or a composition with one (`Sendable & FileRule`).
    private static func namesARuleProtocol(_ type: TypeSyntax) -> Bool {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return RuleDeclarations.ruleProtocols.contains(identifier.name.text)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return RuleDeclarations.ruleProtocols.contains(member.name.text)
        }
        if let composition = type.as(CompositionTypeSyntax.self) {
            return composition.elements.contains { namesARuleProtocol($0.type) }
        }
        return false
    }
}
