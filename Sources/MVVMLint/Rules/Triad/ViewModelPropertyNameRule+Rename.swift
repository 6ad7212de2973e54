import SwiftSyntax

extension ViewModelPropertyNameRule {
    /// The fix that renames a view's view-model property, or why it is not safe.
    enum Rename: Equatable {
        /// Every edit of the rename: the declaration and each use.
        case edits([TextEdit])
        /// The one-line reason the rename is left to a person.
        case unsafe(String)

        var edits: [TextEdit]? {
            if case .edits(let edits) = self { return edits }
            return nil
        }

        var reason: String? {
            if case .unsafe(let reason) = self { return reason }
            return nil
        }
    }

    /// Renames `property` of `view` from `old` to `new` everywhere it is used, when every use
    /// can be shown to be in this file and found from the syntax alone.
    ///
    /// Only a `private` or `fileprivate` property of a struct is renamed: no other file can
    /// name it, and a struct has no subclass that could. Its uses are then the tokens of this
    /// file: bare names and `self.` members in the view and its extensions here (not in nested
    /// types or static members, where the name cannot mean the property), with the `_` of the
    /// wrapper's storage and the `$` of its projection. Anything the syntax cannot settle leaves
    /// the finding with a reason: the old name declared again in the view, the new name used in
    /// it, the old one used as a member of another value or in a key path, coding keys made from
    /// the names, or a memberwise initializer whose label the file may pass.
    static func rename(
        _ property: VariableDeclSyntax, of view: some DeclGroupSyntax, from old: String, to new: String, in tree: SourceFileSyntax
    ) -> Rename {
        guard view.kind == .structDecl else { return .unsafe("the view is not a struct") }
        guard property.bindings.count == 1, let binding = property.bindings.first,
              let declared = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
            return .unsafe("'\(old)' is declared together with other properties")
        }
        let isPrivate = property.modifiers.elements.contains { modifier in
            modifier.detail == nil && (modifier.name.tokenKind == .keyword(.private) || modifier.name.tokenKind == .keyword(.fileprivate))
        }
        guard isPrivate else { return .unsafe("'\(old)' is not private, so other files may use it") }
        let extensions = tree.extensions(of: view.typeName)
        guard extensions.allSatisfy({ $0.qualifiedTypeName == view.qualifiedTypeName }) else {
            return .unsafe("an extension in this file names the view another way")
        }
        let scopes: [any DeclGroupSyntax] = [view] + extensions
        let coding: Set = ["Codable", "Encodable", "Decodable"]
        guard !scopes.contains(where: { !coding.isDisjoint(with: $0.inheritedNames) }) else {
            return .unsafe("the view's coding keys come from its property names")
        }
        // A protocol may be satisfied by either name: one declared here that names either, or,
        // for a view private to this file, any protocol besides `View`.
        let protocols = tree.tokens(viewMode: .sourceAccurate).compactMap { token in
            token.tokenKind == .keyword(.protocol) ? token.parent?.as(ProtocolDeclSyntax.self) : nil
        }
        if protocols.contains(where: { $0.memberBlock.members.elements.contains { Self.declaredNames(of: $0.decl).contains(where: [old, new].contains) } }) {
            return .unsafe("a protocol in this file names '\(old)' or '\(new)', which the view may satisfy")
        }
        let viewIsPrivate = view.modifiers.contains(.private) || view.modifiers.contains(.fileprivate)
        if viewIsPrivate, scopes.contains(where: { $0.inheritedNames.contains { $0 != "View" } }) {
            return .unsafe("the view may satisfy a protocol requirement named '\(old)'")
        }
        // Without an `init` of its own, the struct gets a memberwise one that takes the property
        // by its name, and (the property being private) only this file can call it.
        let takesPart = property.isVar || binding.initializer == nil
        let hasInit = view.memberBlock.members.elements.contains { $0.decl.is(InitializerDeclSyntax.self) }
        let checksLabels = takesPart && !hasInit
        let scopeIDs = Set(scopes.map(\.id))
        let scopeRanges = scopes.map { $0.position..<$0.endPosition }
        var edits: [TextEdit] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            guard let (prefix, name) = Self.variant(of: token, among: [old, new]) else { continue }
            if token.text.hasPrefix("`") {
                return .unsafe("'\(name)' is written in backticks, which the fix does not follow")
            }
            if Self.isLabel(token) {
                if name == old && prefix.isEmpty && checksLabels {
                    return .unsafe("the memberwise initializer's '\(old):' label may be in use")
                }
                continue
            }
            // Most tokens of a file lie outside the view: a range check spares them the climb.
            let position = token.positionAfterSkippingLeadingTrivia
            let isInScope = scopeRanges.contains { $0.contains(position) }
            if name == new {
                if isInScope { return .unsafe("'\(new)' is already used in the view") }
                continue
            }
            let place = isInScope ? Self.place(of: token, scopes: scopeIDs) : .outside
            if token.id == declared.id {
                edits.append(.replace(token, with: new))
                continue
            }
            if Self.isInCondition(token) {
                // `#if model` names a compilation condition, never the property.
                continue
            }
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id else {
                if Self.isParameterName(token) {
                    // A wrapped parameter (`@Binding model`, a closure's `$model`) also declares
                    // `_model` and `$model`, which the scopes below do not follow.
                    if !prefix.isEmpty || Self.isWrapped(parameter: token) {
                        return .unsafe("a parameter '\(prefix)\(old)' with a wrapper also declares '_\(old)' and '$\(old)'")
                    }
                    continue
                }
                if Self.declares(token) {
                    if place == .member { return .unsafe("'\(old)' is declared again inside the view") }
                    continue
                }
                return .unsafe("'\(prefix)\(old)' is used where the fix cannot follow it")
            }
            if reference.parent?.is(KeyPathPropertyComponentSyntax.self) == true {
                return .unsafe("'\(prefix)\(old)' is used in a key path, which the fix does not follow")
            }
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                guard let base = member.base else { continue }
                guard base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else {
                    return .unsafe("'.\(prefix)\(old)' is used on another value, which may be this view")
                }
            } else if Self.isShadowedByParameter(token, named: prefix + old) {
                continue
            }
            if place == .member {
                edits.append(.replace(token, with: prefix + new))
            }
        }
        return .edits(edits)
    }

    /// Where a token stands with respect to the view.
    enum Place: Equatable {
        /// In an instance member of the view or of its extensions in this file, where the
        /// property's name means the property.
        case member
        /// In a nested type or a static member of the view.
        case nested
        /// Anywhere else.
        case outside
    }

    static func place(of token: TokenSyntax, scopes: Set<SyntaxIdentifier>) -> Place {
        var isNested = false
        var current = token.parent
        while let node = current {
            if scopes.contains(node.id) {
                return isNested ? .nested : .member
            }
            if node.isProtocol((any DeclGroupSyntax).self) {
                isNested = true
            }
            if let modifiers = node.asProtocol((any WithModifiersSyntax).self)?.modifiers,
               modifiers.contains(.static) || modifiers.contains(.class) {
                isNested = true
            }
            current = node.parent
        }
        return .outside
    }

    /// `("", name)`, `("_", name)` or `("$", name)` when the token is one of `names`, as itself,
    /// the storage of its wrapper, or its projection.
    static func variant(of token: TokenSyntax, among names: [String]) -> (String, String)? {
        let text: String
        switch token.tokenKind {
        case .identifier(let identifier), .dollarIdentifier(let identifier): text = identifier
        default: return nil
        }
        let bare = text.hasPrefix("`") && text.hasSuffix("`") && text.count > 2 ? String(text.dropFirst().dropLast()) : text
        for name in names {
            if bare == name { return ("", name) }
            if bare == "_" + name { return ("_", name) }
            if bare == "$" + name { return ("$", name) }
        }
        return nil
    }

    /// Whether the token is an argument label or a function's outer parameter label: a name
    /// that binds nothing and refers to nothing in scope.
    static func isLabel(_ token: TokenSyntax) -> Bool {
        guard let parent = token.parent else { return false }
        if let labeled = parent.as(LabeledExprSyntax.self) { return labeled.label?.id == token.id }
        if let argument = parent.as(DeclNameArgumentSyntax.self) { return argument.name.id == token.id }
        if let closure = parent.as(MultipleTrailingClosureElementSyntax.self) { return closure.label.id == token.id }
        if let parameter = parent.as(FunctionParameterSyntax.self) { return parameter.secondName != nil && parameter.firstName.id == token.id }
        if let parameter = parent.as(ClosureParameterSyntax.self) { return parameter.secondName != nil && parameter.firstName.id == token.id }
        return false
    }

    /// Whether the token names a parameter (of a function, closure, accessor or enum case),
    /// which shadows the property only inside its own declaration.
    static func isParameterName(_ token: TokenSyntax) -> Bool {
        guard let parent = token.parent else { return false }
        return parent.is(FunctionParameterSyntax.self) || parent.is(ClosureParameterSyntax.self)
            || parent.is(ClosureShorthandParameterSyntax.self) || parent.is(AccessorParametersSyntax.self)
            || parent.is(EnumCaseParameterSyntax.self)
    }

    /// Whether the token declares a name: a binding, capture, function, case or type.
    static func declares(_ token: TokenSyntax) -> Bool {
        guard let parent = token.parent else { return false }
        return parent.is(IdentifierPatternSyntax.self) || parent.is(ClosureCaptureSyntax.self)
            || parent.is(FunctionDeclSyntax.self) || parent.is(EnumCaseElementSyntax.self)
            || parent.is(GenericParameterSyntax.self) || parent.is(TypeAliasDeclSyntax.self)
            || parent.is(AssociatedTypeDeclSyntax.self) || parent.isProtocol((any DeclGroupSyntax).self)
    }

    /// Whether the token is in the condition of an `#if` clause.
    static func isInCondition(_ token: TokenSyntax) -> Bool {
        var current = token.parent
        var child: Syntax = Syntax(token)
        while let node = current, !node.isProtocol((any DeclGroupSyntax).self) {
            if let clause = node.as(IfConfigClauseSyntax.self), clause.condition?.id == child.id { return true }
            child = node
            current = node.parent
        }
        return false
    }

    /// Whether the parameter the token names carries an attribute (a property wrapper).
    static func isWrapped(parameter token: TokenSyntax) -> Bool {
        if let parameter = token.parent?.as(FunctionParameterSyntax.self) { return !parameter.attributes.isEmpty }
        if let parameter = token.parent?.as(ClosureParameterSyntax.self) { return !parameter.attributes.isEmpty }
        return false
    }

    /// The names a member declaration declares: a property's bindings, a function's name.
    static func declaredNames(of decl: DeclSyntax) -> [String] {
        if let variable = decl.as(VariableDeclSyntax.self) { return variable.boundNames }
        if let function = decl.as(FunctionDeclSyntax.self) { return [function.name.text] }
        return []
    }

    /// Whether a bare `name` at `token` means a parameter of a function, closure or accessor
    /// around it rather than the property. A capture list's values are read outside their
    /// closure, so its parameters do not shadow them.
    static func isShadowedByParameter(_ token: TokenSyntax, named name: String) -> Bool {
        var current = token.parent
        var isCaptured = false
        while let node = current, !node.isProtocol((any DeclGroupSyntax).self) {
            if node.is(ClosureCaptureClauseSyntax.self) {
                isCaptured = true
            }
            if isCaptured, node.is(ClosureExprSyntax.self) {
                isCaptured = false
                current = node.parent
                continue
            }
            var names: [String] = []
            if let function = node.as(FunctionDeclSyntax.self) {
                names = function.signature.parameterClause.parameters.elements.map { ($0.secondName ?? $0.firstName).text }
            } else if let initializer = node.as(InitializerDeclSyntax.self) {
                names = initializer.signature.parameterClause.parameters.elements.map { ($0.secondName ?? $0.firstName).text }
            } else if let subscripting = node.as(SubscriptDeclSyntax.self) {
                names = subscripting.parameterClause.parameters.elements.map { ($0.secondName ?? $0.firstName).text }
            } else if let accessor = node.as(AccessorDeclSyntax.self) {
                names = accessor.parameters.map { [$0.name.text] } ?? []
            } else if let closure = node.as(ClosureExprSyntax.self), let signature = closure.signature {
                switch signature.parameterClause {
                case .simpleInput(let shorthand): names = shorthand.elements.map(\.name.text)
                case .parameterClause(let clause): names = clause.parameters.elements.map { ($0.secondName ?? $0.firstName).text }
                case nil: break
                }
            }
            if names.contains(name) { return true }
            current = node.parent
        }
        return false
    }
}
