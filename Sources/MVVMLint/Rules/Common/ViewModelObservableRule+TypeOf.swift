import SwiftSyntax

extension ViewModelObservableRule.ProjectScan {
    /// The simple type name of `expression` as far as the syntax around it tells: a type's
    /// initializer call, or a name (alone or after `self.`) declared with a written type or
    /// such a call, by a function's parameters, an earlier statement of an enclosing block,
    /// or a member of an enclosing type. `nil` when a construct on the way up binds the name in
    /// a way whose type the syntax does not tell (`if let`, `guard let`, `for`, `case let`,
    /// `catch`, an accessor's `newValue`), since the member of that name is then another value.
    static func typeName(of expression: ExprSyntax) -> String? {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return call.calledExpression.as(DeclReferenceExprSyntax.self) != nil ? call.calledExpression.calledTypeName : nil
        }
        var name: String?
        var viaSelf = false
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            name = member.declName.baseName.text
            viaSelf = true
        }
        guard let name else { return nil }
        var current = expression.parent
        while let node = current {
            if !viaSelf {
                if binds(node, name) { return nil }
                if let items = node.as(CodeBlockItemListSyntax.self) {
                    for item in items.elements where item.endPosition <= expression.position {
                        if let variable = item.item.as(VariableDeclSyntax.self), variable.boundNames.contains(name) {
                            return variable.bindings.count == 1 ? variable.inferredTypeName : nil
                        }
                        if let guardStatement = item.item.as(GuardStmtSyntax.self), bindsInPatterns(guardStatement.conditions, name) { return nil }
                    }
                }
                if let parameters = parameters(of: node) {
                    if let parameter = parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                        return parameter.type.simpleName
                    }
                }
                if let closure = node.as(ClosureExprSyntax.self), closure.signature != nil { return nil }
            }
            if let decl = node.asProtocol((any DeclGroupSyntax).self) {
                let property = decl.memberBlock.members.elements.lazy.compactMap { $0.decl.as(VariableDeclSyntax.self) }.first { $0.boundNames.contains(name) }
                return property.flatMap { $0.bindings.count == 1 ? $0.inferredTypeName : nil }
            }
            current = node.parent
        }
        return nil
    }

    /// Whether `held`, a type name written at `node`, is known to be a class other than `name`
    /// that is an `ObservableObject` itself: declared once in the files scanned, no typealias,
    /// no generic parameter around `node`, and reaching `ObservableObject` through its own
    /// conformances (not through `name`).
    func isOtherObjectClass(_ held: String, than name: String, at node: Syntax) -> Bool {
        guard !typealiases.contains(held), declarations[held] == 1, classes.contains(where: { $0.name == held }) else { return false }
        var current: Syntax? = node
        while let scope = current {
            if let group = scope.asProtocol((any DeclGroupSyntax).self), group.genericParameterNames.contains(held) { return false }
            if let function = scope.as(FunctionDeclSyntax.self), function.genericParameterClause?.parameters.contains(where: { $0.name.text == held }) == true {
                return false
            }
            current = scope.parent
        }
        var pending = [held], seen: Set<String> = []
        while let next = pending.popLast(), seen.count < 32 {
            if next == name { return false }
            guard seen.insert(next).inserted else { continue }
            if next == "ObservableObject" { return true }
            pending += classes.first { $0.name == next }?.inherited ?? protocols[next] ?? []
        }
        return false
    }

    /// The parameters of a function, initializer or subscript.
    private static func parameters(of node: Syntax) -> FunctionParameterListSyntax? {
        node.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters
            ?? node.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters
    }

    /// Whether `node`, an ancestor of the expression, binds `name` for it other than by a
    /// declaration or parameter whose type is written.
    private static func binds(_ node: Syntax, _ name: String) -> Bool {
        switch node.as(SyntaxEnum.self) {
        case .ifExpr(let statement): return bindsInPatterns(statement.conditions, name)
        case .whileStmt(let statement): return bindsInPatterns(statement.conditions, name)
        case .forStmt(let statement): return bindsInPatterns(statement.pattern, name)
        case .switchCase(let switchCase): return bindsInPatterns(switchCase.label, name)
        case .catchClause(let clause): return clause.catchItems.isEmpty ? name == "error" : bindsInPatterns(clause.catchItems, name)
        case .accessorDecl(let accessor):
            return accessor.parameters?.name.text == name || (["newValue", "oldValue"].contains(name) && accessor.parameters == nil)
        case .subscriptDecl(let decl):
            return decl.parameterClause.parameters.elements.contains { ($0.secondName ?? $0.firstName).text == name }
        default: return false
        }
    }

    /// Whether `scope` (a condition list, pattern or case label) binds `name`: an identifier
    /// pattern, or a name under `let`/`var` in a pattern (`case let .done(name)`).
    private static func bindsInPatterns(_ scope: some SyntaxProtocol, _ name: String) -> Bool {
        scope.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.tokenKind == .identifier(name) else { return false }
            if token.parent?.is(IdentifierPatternSyntax.self) == true { return true }
            var node = token.parent
            while let current = node, current.id != scope.id {
                if current.is(ValueBindingPatternSyntax.self) { return true }
                node = current.parent
            }
            return false
        }
    }
}
