import SwiftSyntax

/// Collects a file's facts from its declarations. It descends only through type bodies and
/// `#if` blocks (no architectural type lives in a function body), by hand rather than with a
/// `SyntaxVisitor`, so expressions are never visited.
final class FactExtractor {
    private let source: SourceText
    private(set) var declarations: [any DeclGroupSyntax] = []
    private(set) var types: [TypeFact] = []
    private(set) var enumCases: [EnumCaseFact] = []
    private(set) var requirements: [RequirementFact] = []
    private(set) var propertyRequirements: [PropertyRequirementFact] = []
    private(set) var heldViewModels: [HeldViewModelFact] = []
    private(set) var imports: [String] = []
    private var scope: [String] = []

    init(source: SourceText) {
        self.source = source
    }

    /// Collects the facts of a whole file.
    func extract(_ tree: SourceFileSyntax) {
        extract(tree.statements)
    }

    private func extract(_ items: CodeBlockItemListSyntax) {
        for item in items {
            if case .decl(let decl) = item.item {
                extract(decl)
            }
        }
    }

    private func extract(_ decl: DeclSyntax) {
        switch decl.as(DeclSyntaxEnum.self) {
        case .importDecl(let node):
            imports.append(node.path.map(\.name.text).joined(separator: "."))
        case .ifConfigDecl(let node):
            for clause in node.clauses {
                switch clause.elements {
                case .statements(let items): extract(items)
                case .decls(let members): members.forEach { extract($0.decl) }
                default: break
                }
            }
        case .classDecl(let node): enter(node)
        case .structDecl(let node): enter(node)
        case .enumDecl(let node): enter(node)
        case .protocolDecl(let node): enter(node)
        case .actorDecl(let node): enter(node)
        case .extensionDecl(let node): enter(node)
        default: break
        }
    }

    private func enter(_ node: some DeclGroupSyntax) {
        guard let kind = node.factKind else { return }
        let name = node.typeName
        let location = source.location(of: node.nameNode.positionAfterSkippingLeadingTrivia)
        // An extension's members belong to the extended type, wherever it is nested.
        let qualified = kind == .extension
            ? (node.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription ?? name)
            : (scope + [name]).joined(separator: ".")
        declarations.append(node)
        types.append(TypeFact(
            name: name, qualifiedName: qualified, kind: kind, inherited: node.inheritedNames,
            line: location.line, column: location.column
        ))
        if let enumDecl = node.as(EnumDeclSyntax.self), let owner = scope.last {
            collectCases(of: enumDecl, owner: owner)
        }
        if let protocolDecl = node.as(ProtocolDeclSyntax.self) {
            for function in protocolDecl.functions {
                let location = source.location(of: function.name.positionAfterSkippingLeadingTrivia)
                requirements.append(RequirementFact(
                    protocolName: name, functionName: function.name.text,
                    line: location.line, column: location.column
                ))
            }
            for property in protocolDecl.properties {
                guard let binding = property.bindings.first, let name = property.boundNames.first else { continue }
                let location = source.location(of: binding.pattern.positionAfterSkippingLeadingTrivia)
                propertyRequirements.append(PropertyRequirementFact(
                    protocolName: node.typeName, propertyName: name,
                    isSettable: binding.hasSetterRequirement, line: location.line, column: location.column
                ))
            }
        }
        for property in node.properties where property.boundNames.contains(where: Self.isViewModelPropertyName) {
            if let typeName = property.inferredTypeName {
                heldViewModels.append(HeldViewModelFact(ownerType: name, typeName: typeName))
            }
        }
        scope.append(kind == .extension ? qualified : name)
        for member in node.memberBlock.members {
            extract(member.decl)
        }
        scope.removeLast()
    }

    private func collectCases(of node: EnumDeclSyntax, owner: String) {
        for member in node.memberDecls {
            guard let caseDecl = member.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                let location = source.location(of: element.name.positionAfterSkippingLeadingTrivia)
                enumCases.append(EnumCaseFact(
                    ownerType: owner.split(separator: ".").last.map(String.init) ?? owner,
                    enumName: node.name.text, caseName: element.name.text,
                    line: location.line, column: location.column
                ))
            }
        }
    }

    /// The members projected as bindings anywhere in a file: `x` of `$viewModel.x`. Found from
    /// the `$` characters of the text, which are rare outside closures' `$0`.
    static func boundMembers(in tree: SourceFileSyntax, source: SourceText) -> Set<String> {
        var found: Set<String> = []
        for offset in source.offsets(of: "$", boundary: .none) {
            let next = offset + 1
            guard next < source.bytes.count, SourceText.isWordByte(source.bytes[next]),
                  !(source.bytes[next] >= UInt8(ascii: "0") && source.bytes[next] <= UInt8(ascii: "9")),
                  let base = tree.token(at: AbsolutePosition(utf8Offset: offset)),
                  case .identifier(let name) = base.tokenKind, name.hasPrefix("$"),
                  let period = base.nextToken(viewMode: .sourceAccurate), period.tokenKind == .period,
                  let member = period.nextToken(viewMode: .sourceAccurate),
                  case .identifier(let memberName) = member.tokenKind
            else { continue }
            found.insert(memberName)
        }
        return found
    }

    static func isViewModelPropertyName(_ name: String) -> Bool {
        name == "viewModel" || name == "vm" || name.hasSuffix("ViewModel")
    }
}
