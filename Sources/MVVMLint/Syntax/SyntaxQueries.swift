import SwiftSyntax

/// Questions rules ask of declarations, answered the same way everywhere.
extension SyntaxProtocol {
    /// The node as a type declaration or extension, by its kind. Not `asProtocol(_:)`: a cast
    /// to a protocol looks the conformance up at run time, about 15,000 instructions a time.
    var asDeclGroup: (any DeclGroupSyntax)? {
        // Most nodes a walk up the tree passes are none: their kind says so without a copy.
        switch kind {
        case .actorDecl, .classDecl, .enumDecl, .extensionDecl, .protocolDecl, .structDecl: break
        default: return nil
        }
        return switch Syntax(self).as(SyntaxEnum.self) {
        case .actorDecl(let decl): decl
        case .classDecl(let decl): decl
        case .enumDecl(let decl): decl
        case .extensionDecl(let decl): decl
        case .protocolDecl(let decl): decl
        case .structDecl(let decl): decl
        default: nil
        }
    }

    /// The nearest enclosing type declaration or extension.
    var enclosingDeclGroup: (any DeclGroupSyntax)? {
        var node = parent
        while let current = node {
            if let group = current.asDeclGroup {
                return group
            }
            node = current.parent
        }
        return nil
    }

    /// The node's text without the first token's leading and the last token's trailing trivia:
    /// what `trimmedDescription` gives, read from the raw bytes instead of the two copies of
    /// the tree that swift-syntax builds for it (a measurable share of a lint run).
    var trimmedText: String {
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        let end = bytes.count - trailingTriviaLength.utf8Length
        guard start < end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

extension DeclGroupSyntax {
    /// The declared or extended type's simple name.
    var typeName: String {
        switch Syntax(self).as(SyntaxEnum.self) {
        case .classDecl(let decl): decl.name.text
        case .structDecl(let decl): decl.name.text
        case .enumDecl(let decl): decl.name.text
        case .protocolDecl(let decl): decl.name.text
        case .actorDecl(let decl): decl.name.text
        case .extensionDecl(let decl): decl.extendedType.simpleName
        default: ""
        }
    }

    /// The name with the types it is nested in (`PhotoView.Coordinator`); an extension's
    /// members are nested in the extended type as written.
    var qualifiedTypeName: String {
        var names = [typeName]
        if let extended = self.as(ExtensionDeclSyntax.self) {
            return extended.extendedType.trimmedText
        }
        var current = Syntax(self).parent
        while let node = current {
            if let extended = node.as(ExtensionDeclSyntax.self) {
                names.insert(extended.extendedType.trimmedText, at: 0)
                break
            }
            if let group = node.asDeclGroup {
                names.insert(group.typeName, at: 0)
            }
            current = node.parent
        }
        return names.joined(separator: ".")
    }

        /// The node rules point at: the name, or the extended type.
    var nameNode: Syntax {
        switch Syntax(self).as(SyntaxEnum.self) {
        case .classDecl(let decl): Syntax(decl.name)
        case .structDecl(let decl): Syntax(decl.name)
        case .enumDecl(let decl): Syntax(decl.name)
        case .protocolDecl(let decl): Syntax(decl.name)
        case .actorDecl(let decl): Syntax(decl.name)
        case .extensionDecl(let decl): Syntax(decl.extendedType)
        default: Syntax(self)
        }
    }

    /// Every generic parameter's name, whatever its constraints.
    var genericParameterNames: Set<String> {
        let clause = self.as(StructDeclSyntax.self)?.genericParameterClause
            ?? self.as(ClassDeclSyntax.self)?.genericParameterClause
            ?? self.as(EnumDeclSyntax.self)?.genericParameterClause
            ?? self.as(ActorDeclSyntax.self)?.genericParameterClause
        return Set(clause?.parameters.elements.map(\.name.text) ?? [])
    }

        /// Simple names of the inheritance clause.
    var inheritedNames: [String] {
        inheritanceClause?.inheritedTypes.elements.map(\.type.simpleName) ?? []
    }

    /// Whether the type conforms to `View` in this declaration.
    var declaresViewConformance: Bool {
        inheritedNames.contains("View")
    }

    /// The members declared directly in the body.
    var memberDecls: [DeclSyntax] {
        memberBlock.members.elements.map(\.decl)
    }

    /// Stored and computed properties declared directly in the body.
    var properties: [VariableDeclSyntax] {
        // Straight from the members: asked of every type by several rules, and a list of all
        // the members first would be made only to be filtered.
        memberBlock.members.elements.compactMap { $0.decl.as(VariableDeclSyntax.self) }
    }

    /// Functions declared directly in the body.
    var functions: [FunctionDeclSyntax] {
        memberBlock.members.elements.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
    }

    /// Whether the declaration is a class.
    var isClass: Bool {
        self.kind == .classDecl
    }
}

extension TypeSyntax {
    /// The type inside optionals, `some`/`any` and attributes (a bounded number of layers).
    var unwrapped: TypeSyntax {
        var type = self
        for _ in 0..<32 {
            if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) {
                type = someOrAny.constraint
            } else if let attributed = type.as(AttributedTypeSyntax.self) {
                type = attributed.baseType
            } else if let optional = type.as(OptionalTypeSyntax.self) {
                type = optional.wrappedType
            } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                type = unwrapped.wrappedType
            } else {
                break
            }
        }
        return type
    }

    /// The last name component without generic arguments: `Swift.Array<Int>` is `Array`,
    /// `any ItemFetching` is `ItemFetching`.
    var simpleName: String {
        let type = unwrapped
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.name.text
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return member.name.text
        }
        return type.trimmedText
    }

    /// The name as written, dotted and without generic arguments, through optionals, `some`,
    /// `any` and attributes: `PhotoView.Coordinator` for `PhotoView.Coordinator?`.
    var writtenName: String {
        let type = unwrapped
        if let member = type.as(MemberTypeSyntax.self) {
            return member.trimmedDescriptionWithoutGenerics
        }
        return type.simpleName
    }

    /// Whether the type is written as an existential (`any P`).
    var isExistential: Bool {
        if let someOrAny = self.as(SomeOrAnyTypeSyntax.self) {
            return someOrAny.someOrAnySpecifier.tokenKind == .keyword(.any)
        }
        if let optional = self.as(OptionalTypeSyntax.self) {
            return optional.wrappedType.isExistential
        }
        return false
    }
}

extension AttributeListSyntax {
    /// Whether an attribute with this name (last component) is present: `MainActor`, `State`.
    func contains(named name: String) -> Bool {
        attribute(named: name) != nil
    }

    /// The attribute with this name, if present.
    func attribute(named name: String) -> AttributeSyntax? {
        for element in elements {
            if case .attribute(let attribute) = element, attribute.attributeName.simpleName == name {
                return attribute
            }
        }
        return nil
    }

    /// The simple names of the attributes present.
    var names: [String] {
        elements.compactMap { element in
            if case .attribute(let attribute) = element {
                return attribute.attributeName.simpleName
            }
            return nil
        }
    }
}

extension DeclModifierListSyntax {
    /// Whether a modifier with this keyword is present.
    func contains(_ keyword: Keyword) -> Bool {
        elements.contains { $0.name.tokenKind == .keyword(keyword) }
    }

    /// The setter access of `private(set)`-style modifiers, if any.
    var setterAccess: Keyword? {
        for modifier in elements where modifier.detail?.detail.text == "set" {
            if case .keyword(let keyword) = modifier.name.tokenKind {
                return keyword
            }
        }
        return nil
    }

    /// The access level keyword, if any (ignoring `private(set)` forms).
    var accessLevel: Keyword? {
        for modifier in elements where modifier.detail == nil {
            if case .keyword(let keyword) = modifier.name.tokenKind,
               [.private, .fileprivate, .internal, .package, .public, .open].contains(keyword) {
                return keyword
            }
        }
        return nil
    }
}

extension ExprSyntax {
    /// The name `x` of a plain reference `x` or `self.x`, the ways a view reaches its own members.
    var ownMemberName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text
        }
        if let member = self.as(MemberAccessExprSyntax.self),
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return member.declName.baseName.text
        }
        return nil
    }


    /// For the callee of `T(...)`, `T.init(...)` or `Module.T(...)`: `T` when it looks like a type
    /// name (starts with an upper-case letter).
    var calledTypeName: String? {
        var expression = self
        if let member = expression.as(MemberAccessExprSyntax.self) {
            // Its name read once (most calls in a body are modifiers, `.padding()`): `init` is a
            // keyword, and a name spelt so otherwise keeps its backquotes.
            guard let base = member.base else { return nil }
            let name = member.declName.baseName.text
            guard name == "init" else { return name.startsUppercase ? name : nil }
            expression = base
        }
        if let generic = expression.as(GenericSpecializationExprSyntax.self) {
            expression = generic.expression
        }
        let name: String
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil {
            name = member.declName.baseName.text
        } else {
            return nil
        }
        return name.startsUppercase ? name : nil
    }
}

extension StringProtocol {
    /// Whether every character is ASCII, so its bytes can stand for its characters.
    var isASCII: Bool {
        utf8.allSatisfy { $0 < 0x80 }
    }

    /// Whether the first character is an uppercase letter. Asked of every name a body calls or
    /// a type mentions: an ASCII first byte settles it without making a `Character`.
    var startsUppercase: Bool {
        var bytes = utf8.makeIterator()
        guard let byte = bytes.next() else { return false }
        // An ASCII letter is a whole character unless a combining mark follows it (`A` and U+0345).
        if byte < 0x80, bytes.next().map({ $0 < 0x80 }) ?? true {
            return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
        }
        return first?.isUppercase == true
    }
}

extension String {
    /// Whether the name ends with one of the suffixes, and has more before it. The suffixes are
    /// ASCII words, so their bytes settle it: cheaper than comparing characters, asked of every
    /// declared type.
    func hasAnySuffix(_ suffixes: [String]) -> Bool {
        let bytes = utf8
        return suffixes.contains { suffix in
            bytes.count > suffix.utf8.count && bytes.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
        }
    }
}

extension MemberTypeSyntax {
    /// `Outer.Inner` for `Outer<T>.Inner<U>`: the dotted name without generic arguments.
    var trimmedDescriptionWithoutGenerics: String {
        let base: String
        if let identifier = baseType.as(IdentifierTypeSyntax.self) {
            base = identifier.name.text
        } else if let member = baseType.as(MemberTypeSyntax.self) {
            base = member.trimmedDescriptionWithoutGenerics
        } else {
            base = baseType.trimmedText
        }
        return base + "." + name.text
    }
}

extension FunctionCallExprSyntax {
    /// The value a property wrapper's initialiser is given: `x` of `State(initialValue: x)`,
    /// `StateObject(wrappedValue: x)` or `.init(wrappedValue: x)`; `nil` for other calls.
    var wrappedValueArgument: ExprSyntax? {
        guard let argument = arguments.elements.first, let label = argument.label?.text,
              label == "initialValue" || label == "wrappedValue" else { return nil }
        return argument.expression
    }

    /// Whether the call is `.init(...)`, whose type comes from where its value goes.
    var isImplicitInit: Bool {
        guard let member = calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return member.base == nil && member.declName.baseName.tokenKind == .keyword(.`init`)
    }
}
