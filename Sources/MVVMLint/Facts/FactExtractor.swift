import SwiftSyntax

/// Collects a file's facts from its declarations. It descends only through type bodies and
/// `#if` blocks (no architectural type lives in a function body), by hand rather than with a
/// `SyntaxVisitor`, so expressions are never visited.
final class FactExtractor {
    private let source: SourceText
    /// Every type declaration and extension, for the file rules that look at them.
    private(set) var declarations: [any DeclGroupSyntax] = []
    /// What the declarations say, filled in as they are read: the one per-file value the
    /// extractor produces, which the engine completes with what it alone knows (whether the
    /// file is a test, its suppressions and findings).
    private var facts: FileFacts
    private var scope: [String] = []
    // Graph facts only matter in files that name a view model or a responder action at all.
    private let collectsMembers: Bool
    /// Whether every nested enum's cases are kept apart, not only action enums'.
    private let keepsEveryEnumCase: Bool

    /// An extractor of the file at `path`; with `keepsEveryEnumCase`, for a rule from outside
    /// the built-in set, which may read any enum's cases.
    init(source: SourceText, path: String, keepsEveryEnumCase: Bool = false) {
        self.source = source
        facts = FileFacts(path: path, isTestFile: false)
        collectsMembers = source.contains(RoleVocabulary.viewModelSuffix) || source.contains("ResponderAction")
        self.keepsEveryEnumCase = keepsEveryEnumCase
    }

    /// The facts of a whole file's declarations.
    func extract(_ tree: SourceFileSyntax) -> FileFacts {
        extract(tree.statements)
        return facts
    }

    private func extract(_ items: CodeBlockItemListSyntax) {
        for item in items.elements {
            if case .decl(let decl) = item.item {
                extract(decl)
            }
        }
    }

    private func extract(_ decl: DeclSyntax) {
        switch decl.as(DeclSyntaxEnum.self) {
        case .importDecl(let node):
            facts.imports.append(node.path.elements.map(\.name.text).joined(separator: "."))
        case .ifConfigDecl(let node):
            for clause in node.clauses.elements {
                switch clause.elements {
                case .statements(let items): extract(items)
                case .decls(let members): members.elements.forEach { extract($0.decl) }
                default: break
                }
            }
        case .classDecl(let node): enter(node)
        case .structDecl(let node): enter(node)
        case .enumDecl(let node): enter(node)
        case .protocolDecl(let node): enter(node)
        case .actorDecl(let node): enter(node)
        case .extensionDecl(let node): enter(node)
        case .typeAliasDecl(let node):
            let location = source.location(of: node.name.positionAfterSkippingLeadingTrivia)
            let name = node.name.text
            facts.types.append(TypeFact(
                name: name, qualifiedName: qualifiedName(name), kind: .typealias,
                inherited: [node.initializer.value.simpleName], line: location.line, column: location.column,
                storedTypes: Self.aliasedTypeNames(node.initializer.value)
            ))
        default: break
        }
    }

    /// `name` with the types it is nested in. A top-level type's is its name itself, not a
    /// copy: every fact keeps it until the run ends.
    private func qualifiedName(_ name: String) -> String {
        scope.isEmpty ? name : (scope + [name]).joined(separator: ".")
    }

    private func enter(_ node: some DeclGroupSyntax) {
        guard let kind = node.factKind else { return }
        let name = node.typeName
        let location = source.location(of: node.nameNode.positionAfterSkippingLeadingTrivia)
        // An extension's members belong to the extended type, wherever it is nested.
        let qualified = kind == .extension
            ? (node.as(ExtensionDeclSyntax.self)?.extendedType.trimmedText ?? name)
            : qualifiedName(name)
        declarations.append(node)
        // The members are listed once: every question below is asked of every type.
        let members = node.memberDecls
        let properties = members.compactMap { $0.as(VariableDeclSyntax.self) }
        let caseDecls = members.compactMap { $0.as(EnumCaseDeclSyntax.self) }
        let cases = node.kind == .enumDecl ? caseDecls.flatMap { $0.elements.elements.map(\.name.text) } : []
        facts.types.append(TypeFact(
            name: name, qualifiedName: qualified, kind: kind, inherited: node.inheritedNames,
            line: location.line, column: location.column, attributes: node.attributes.names, cases: cases,
            isGeneric: !node.genericParameterNames.isEmpty,
            storedTypes: kind == .extension ? [] : Self.storedTypeNames(of: node, members: members, cases: caseDecls, properties: properties)
        ))
        // Only action enums' cases are kept apart: every other nested enum (`CodingKeys` in each
        // `Codable` type) would keep a fact per case through the project phase for no built-in reader.
        if let enumDecl = node.as(EnumDeclSyntax.self), let owner = scope.last,
           keepsEveryEnumCase || RoleVocabulary.actionEnumNames.contains(enumDecl.name.text) {
            collectCases(caseDecls, of: enumDecl, owner: owner)
        }
        if node.kind == .protocolDecl {
            for function in members.compactMap({ $0.as(FunctionDeclSyntax.self) }) {
                let location = source.location(of: function.name.positionAfterSkippingLeadingTrivia)
                facts.requirements.append(RequirementFact(
                    protocolName: name, functionName: function.name.text,
                    line: location.line, column: location.column
                ))
            }
            for property in properties {
                guard let binding = property.bindings.elements.first, let propertyName = property.boundNames.first else { continue }
                let location = source.location(of: binding.pattern.positionAfterSkippingLeadingTrivia)
                facts.propertyRequirements.append(PropertyRequirementFact(
                    protocolName: name, propertyName: propertyName,
                    isSettable: binding.hasSetterRequirement, line: location.line, column: location.column
                ))
            }
        }
        // A generic parameter is no type to resolve, whatever it is constrained to.
        let generics = node.genericParameterNames
        var ownsViewModel: Bool?
        var handed: HandedState?
        for property in properties {
            // Read from the syntax directly: this runs for every property of every type.
            let isNamed = property.bindings.elements.contains { binding in
                binding.pattern.as(IdentifierPatternSyntax.self).map { RoleVocabulary.isViewModelPropertyName($0.identifier.text) } ?? false
            }
            if let environmentType = property.environmentObjectTypeName {
                facts.heldViewModels.append(HeldViewModelFact(
                    ownerType: qualified, typeName: environmentType, isNamedViewModel: false, isEnvironmentObject: true
                ))
                continue
            }
            guard isNamed || (!property.attributes.isEmpty && property.attributes.names.contains(where: RoleVocabulary.ownershipWrappers.contains)),
                  // A stored factory (`() -> ChildViewModel`) holds no view model.
                  property.declaredType?.unwrapped.is(FunctionTypeSyntax.self) != true,
                  let typeName = property.declaredType?.writtenName ?? property.inferredTypeName,
                  !generics.contains(typeName) else { continue }
            if ownsViewModel == nil {
                ownsViewModel = properties.contains(where: Self.isOwnViewModel)
            }
            var isGiven = false
            if !isNamed && HandedState.mayBeHanded(property) {
                // One walk of the type's members answers for all its properties.
                if handed == nil { handed = HandedState(node) }
                isGiven = handed?.isHanded(property) ?? false
            }
            facts.heldViewModels.append(HeldViewModelFact(
                ownerType: qualified, typeName: typeName, isNamedViewModel: isNamed, isBesideViewModel: !isNamed && ownsViewModel == true,
                isGiven: isGiven
            ))
        }
        if collectsMembers {
            collectMembers(of: node, owner: qualified)
        }
        scope.append(kind == .extension ? qualified : name)
        for member in node.memberBlock.members.elements {
            extract(member.decl)
        }
        scope.removeLast()
    }

    private func collectMembers(of node: some DeclGroupSyntax, owner: String) {
        // A generic parameter constrained to a view-modeling protocol stands for a view model.
        var genericNames: Set<String> = []
        func add(_ name: String, _ kind: MemberTypeFact.Kind, _ types: [String], at position: AbsolutePosition) {
            guard types.contains(where: { Self.isGraphName($0) || genericNames.contains($0) }) else { return }
            facts.members.append(MemberTypeFact(
                ownerType: owner, name: name, kind: kind, types: types, line: source.location(of: position).line
            ))
        }
        let generics = node.as(StructDeclSyntax.self)?.genericParameterClause ?? node.as(ClassDeclSyntax.self)?.genericParameterClause
        for parameter in generics.map({ Array($0.parameters.elements) }) ?? [] {
            if let constraint = parameter.inheritedType {
                let constraints = Self.typeNames(in: constraint)
                if constraints.contains(where: Self.isGraphName) {
                    genericNames.insert(parameter.name.text)
                }
                add(parameter.name.text, .genericParameter, constraints, at: parameter.positionAfterSkippingLeadingTrivia)
            }
        }
        for member in node.memberBlock.members.elements {
            let decl = member.decl
            if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings.elements {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    var types = binding.typeAnnotation.map { Self.typeNames(in: $0.type) } ?? []
                    if types.isEmpty, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                       let called = call.calledExpression.calledTypeName {
                        types = [called]
                    }
                    add(name, .property, types, at: binding.positionAfterSkippingLeadingTrivia)
                }
            } else if let function = decl.as(FunctionDeclSyntax.self) {
                let name = function.name.text
                // A private helper that returns view models is not a factory; `make...` is.
                let isHelper = function.modifiers.elements.contains { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }
                if let returned = function.signature.returnClause?.type, !isHelper || name.hasPrefix("make") {
                    add(name, .function, Self.typeNames(in: returned), at: function.name.positionAfterSkippingLeadingTrivia)
                }
                for parameter in function.signature.parameterClause.parameters.elements {
                    add(name, .parameter, Self.typeNames(in: parameter.type, genericArguments: false),
                        at: parameter.positionAfterSkippingLeadingTrivia)
                }
            } else if let caseDecl = decl.as(EnumCaseDeclSyntax.self) {
                for element in caseDecl.elements.elements {
                    let types = element.parameterClause?.parameters.elements.flatMap { Self.typeNames(in: $0.type) } ?? []
                    add(element.name.text, .enumCase, types, at: element.positionAfterSkippingLeadingTrivia)
                }
            } else if let associated = decl.as(AssociatedTypeDeclSyntax.self) {
                let constraints = associated.inheritanceClause?.inheritedTypes.elements.flatMap { Self.typeNames(in: $0.type) } ?? []
                add(associated.name.text, .associatedType, constraints, at: associated.name.positionAfterSkippingLeadingTrivia)
            }
        }
    }

    /// Whether a type name can matter to the graph.
    static func isGraphName(_ name: String) -> Bool {
        RoleVocabulary.mentionsViewModel(name) || name.hasSuffix("ResponderAction") || name.hasSuffix("Providing") || name.hasSuffix("Provider")
    }

    /// The names a type mentions, dotted as written (`Outer.Inner`), through optionals, arrays,
    /// dictionaries, tuples, `some`/`any`, attributes, closures and (unless told not to) generic
    /// arguments.
    static func typeNames(in type: TypeSyntax, genericArguments: Bool = true) -> [String] {
        var names: [String] = []
        func visit(_ type: TypeSyntax) {
            switch type.as(TypeSyntaxEnum.self) {
            case .identifierType(let identifier):
                names.append(identifier.name.text)
                if genericArguments { identifier.genericArgumentClause.map(visitArguments) }
            case .memberType(let member):
                names.append(member.trimmedDescriptionWithoutGenerics)
                if genericArguments { member.genericArgumentClause.map(visitArguments) }
            case .optionalType(let optional): visit(optional.wrappedType)
            case .implicitlyUnwrappedOptionalType(let optional): visit(optional.wrappedType)
            case .arrayType(let array): visit(array.element)
            case .dictionaryType(let dictionary): visit(dictionary.key); visit(dictionary.value)
            case .someOrAnyType(let someOrAny): visit(someOrAny.constraint)
            case .attributedType(let attributed): visit(attributed.baseType)
            case .tupleType(let tuple): tuple.elements.forEach { visit($0.type) }
            case .functionType(let function):
                function.parameters.forEach { visit($0.type) }
                visit(function.returnClause.type)
            case .compositionType(let composition): composition.elements.elements.forEach { visit($0.type) }
            default: break
            }
        }
        func visitArguments(_ clause: GenericArgumentClauseSyntax) {
            for argument in clause.arguments.elements {
                if case .type(let type) = argument.argument {
                    visit(type)
                }
            }
        }
        visit(type)
        return names
    }

    private func collectCases(_ caseDecls: [EnumCaseDeclSyntax], of node: EnumDeclSyntax, owner: String) {
        for caseDecl in caseDecls {
            for element in caseDecl.elements.elements {
                let location = source.location(of: element.name.positionAfterSkippingLeadingTrivia)
                facts.enumCases.append(EnumCaseFact(
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

    /// Whether the property is the owner's own view model: named `viewModel` (or `vm`), or an
    /// object it owns or observes whose type is named like a view model (`@ObservedObject var
    /// model: MainViewModel`).
    static func isOwnViewModel(_ property: VariableDeclSyntax) -> Bool {
        if property.boundNames.contains(where: { $0 == "viewModel" || $0 == "vm" }) { return true }
        guard !property.attributes.isEmpty, property.attributes.names.contains(where: RoleVocabulary.ownershipWrappers.contains) else { return false }
        return RoleVocabulary.endsInViewModel(property.inferredTypeName ?? "")
    }
}

extension DeclGroupSyntax {
    /// The declaration's kind, for facts.
    var factKind: TypeFact.Kind? {
        switch Syntax(self).as(SyntaxEnum.self) {
        case .classDecl: .class
        case .structDecl: .struct
        case .enumDecl: .enum
        case .protocolDecl: .protocol
        case .actorDecl: .actor
        case .extensionDecl: .extension
        default: nil
        }
    }
}
