import SwiftSyntax

/// One pass over a file's tree that finds everything the applicable custom rules forbid. Files
/// arrive depth-checked (see `SyntaxDepth`), so the visitor's recursion is bounded.
final class CustomRuleFinder: SyntaxVisitor {
    /// A forbidden piece of code: where, which rule, and the text that matched.
    struct Match {
        var node: Syntax
        var rule: CustomRule
        var text: String
    }

    /// An import a layer rule may forbid, depending on the importing file's module.
    struct LayerMatch {
        var node: Syntax
        var layer: LayerRule
        var module: String
    }

    /// Callees and member accesses longer than this (in bytes) are not compared: a long chain
    /// would otherwise be printed once per link, and no pattern names one.
    static let longestComparedText = 256

    /// A rule's forbidden patterns, compiled once per file rather than once per name.
    private struct Forbidden {
        var imports, attributes, calls, members, types: [CompiledNamePattern]

        init(_ rule: CustomRule) {
            imports = .init(compiling: rule.forbidden.imports)
            attributes = .init(compiling: rule.forbidden.attributes)
            calls = .init(compiling: rule.forbidden.calls)
            members = .init(compiling: rule.forbidden.members)
            types = .init(compiling: rule.forbidden.types)
        }
    }

    private let rules: [(rule: CustomRule, forbidden: Forbidden)]
    private let layers: [(layer: LayerRule, imports: [CompiledNamePattern])]
    private let wantsTypes: Bool
    private let wantsCalls: Bool
    private let wantsMembers: Bool
    private let wantsAttributes: Bool
    private(set) var matches: [Match] = []
    private(set) var layerMatches: [LayerMatch] = []
    /// The rules (by index) whose type or attribute patterns match each long name met: a name
    /// written again costs a lookup instead of a match per pattern. Short names are matched
    /// each time, which costs less than remembering them.
    private var rulesForLongType: [String: [Int]] = [:], rulesForLongAttribute: [String: [Int]] = [:]
    private static let longName = 64

    init(rules: [CustomRule], layers: [LayerRule]) {
        self.rules = rules.map { (rule: $0, forbidden: Forbidden($0)) }
        self.layers = layers.map { (layer: $0, imports: [CompiledNamePattern](compiling: $0.forbiddenImports)) }
        wantsTypes = rules.contains { !$0.forbidden.types.isEmpty }
        wantsCalls = rules.contains { !$0.forbidden.calls.isEmpty }
        wantsMembers = rules.contains { !$0.forbidden.members.isEmpty }
        wantsAttributes = rules.contains { !$0.forbidden.attributes.isEmpty }
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.path.map(\.name.text).joined(separator: ".")
        let module = node.path.first?.name.text ?? name
        for (rule, forbidden) in rules where forbidden.imports.matchesAny(name) || forbidden.imports.matchesAny(module) {
            matches.append(Match(node: Syntax(node), rule: rule, text: "import \(name)"))
        }
        for (layer, imports) in layers where imports.matchesAny(module) {
            layerMatches.append(LayerMatch(node: Syntax(node), layer: layer, module: module))
        }
        return .skipChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if wantsTypes { typeReference(node.name) }
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        if wantsTypes { typeReference(node.name) }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // In an expression, a capitalised name is a type (`UserRepository()`, `Store.shared`).
        if wantsTypes, node.baseName.text.startsUppercase {
            typeReference(node.baseName)
        }
        return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        if wantsAttributes {
            let name = node.attributeName.trimmedText
            if name.utf8.count >= Self.longName {
                for index in rules(matchingLong: name, in: \.attributes, remembered: &rulesForLongAttribute) {
                    matches.append(Match(node: Syntax(node), rule: rules[index].rule, text: "@\(name)"))
                }
            } else {
                for (rule, forbidden) in rules where forbidden.attributes.matchesAny(name) {
                    matches.append(Match(node: Syntax(node), rule: rule, text: "@\(name)"))
                }
            }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if wantsCalls, let callee = Self.compactText(node.calledExpression) {
            for (rule, forbidden) in rules where forbidden.calls.matchesAny(callee) {
                matches.append(Match(node: Syntax(node.calledExpression), rule: rule, text: callee))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if wantsMembers, let text = Self.compactText(node) {
            for (rule, forbidden) in rules where forbidden.members.matchesAny(text) {
                matches.append(Match(node: Syntax(node), rule: rule, text: text))
            }
        }
        return .visitChildren
    }

    private func typeReference(_ token: TokenSyntax) {
        let name = token.text
        if name.utf8.count >= Self.longName {
            for index in rules(matchingLong: name, in: \.types, remembered: &rulesForLongType) {
                matches.append(Match(node: Syntax(token), rule: rules[index].rule, text: name))
            }
            return
        }
        for (rule, forbidden) in rules where forbidden.types.matchesAny(name) {
            matches.append(Match(node: Syntax(token), rule: rule, text: name))
        }
    }

    /// The indices of the rules whose `patterns` match the long `name`, in order, matched the
    /// first time the file writes it.
    private func rules(matchingLong name: String, in patterns: KeyPath<Forbidden, [CompiledNamePattern]>, remembered: inout [String: [Int]]) -> [Int] {
        if let known = remembered[name] {
            return known
        }
        let found = rules.indices.filter { rules[$0].forbidden[keyPath: patterns].matchesAny(name) }
        remembered[name] = found
        return found
    }

    /// The node's text without trivia or spaces (`URLSession.shared.dataTask`), if short.
    private static func compactText(_ node: some SyntaxProtocol) -> String? {
        guard node.totalLength.utf8Length <= longestComparedText else { return nil }
        return String(node.trimmedText.filter { !$0.isWhitespace })
    }
}
