import SwiftSyntax

/// Counts the state changes on the longest path through some statements.
struct StateChangeCounter {
    /// Stored properties of the view model.
    let stored: Set<String>
    /// Private functions that assign a stored property.
    let helpers: Set<String>

    /// Mutating methods of the standard collections and `Bool`.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange",
        "removeValue", "updateValue", "merge", "sort", "reverse", "shuffle", "toggle", "formUnion",
        "formIntersection", "subtract", "popLast", "replaceSubrange", "swapAt", "move",
    ]

    func count(_ statements: CodeBlockItemListSyntax) -> Int {
        var total = 0
        var items = statements.makeIterator()
        while let item = items.next() {
            // After a guard, either its else branch runs or the rest does.
            if case .stmt(let statement) = item.item, let guardStmt = statement.as(GuardStmtSyntax.self) {
                var rest: [CodeBlockItemSyntax] = []
                while let next = items.next() { rest.append(next) }
                return total + max(count(guardStmt.body.statements), count(CodeBlockItemListSyntax(rest)))
            }
            total += count(Syntax(item.item))
        }
        return total
    }

    func count(_ node: Syntax) -> Int {
        switch node.as(SyntaxEnum.self) {
        case .closureExpr, .functionDecl:
            return 0
        case .codeBlock(let block):
            return count(block.statements)
        case .ifExpr(let ifExpr):
            let elseCount = ifExpr.elseBody.map { count(Syntax($0)) } ?? 0
            return max(count(ifExpr.body.statements), elseCount)
        case .switchExpr(let switchExpr):
            return switchExpr.cases.map { caseSyntax in
                if case .switchCase(let switchCase) = caseSyntax { return count(switchCase.statements) }
                return count(Syntax(caseSyntax))
            }.max() ?? 0
        case .doStmt(let doStmt):
            return ([count(doStmt.body.statements)] + doStmt.catchClauses.map { count($0.body.statements) }).max() ?? 0
        case .sequenceExpr(let sequence):
            let elements = Array(sequence.elements)
            var total = 0
            for (index, element) in elements.enumerated() {
                if index > 0, Self.isAssignment(element), let target = rootName(elements[index - 1]), stored.contains(target) {
                    total += 1
                } else {
                    total += count(Syntax(element))
                }
            }
            return total
        case .functionCallExpr(let call):
            return callChanges(call) + call.arguments.reduce(0) { $0 + count(Syntax($1)) }
        default:
            return node.children(viewMode: .sourceAccurate).reduce(0) { $0 + count($1) }
        }
    }

    /// Whether the statements call one of the update helpers outside closures.
    func callsHelper(_ statements: CodeBlockItemListSyntax) -> Bool {
        StateChangeCounter(stored: [], helpers: helpers).count(statements) > 0
    }

    private func callChanges(_ call: FunctionCallExprSyntax) -> Int {
        let callee = call.calledExpression
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            return helpers.contains(reference.baseName.text) ? 1 : 0
        }
        guard let member = callee.as(MemberAccessExprSyntax.self), let base = member.base else { return 0 }
        let method = member.declName.baseName.text
        if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return helpers.contains(method) ? 1 : 0
        }
        if Self.mutatingMethods.contains(method), let target = rootName(base), stored.contains(target) {
            return 1
        }
        return 0
    }

    private static func isAssignment(_ element: ExprSyntax) -> Bool {
        if element.is(AssignmentExprSyntax.self) { return true }
        guard let binary = element.as(BinaryOperatorExprSyntax.self) else { return false }
        let text = binary.operator.text
        return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }

    /// The stored property an lvalue starts from: `x`, `self.x`, `x.y[0]`, `x?.y`.
    private func rootName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                return member.declName.baseName.text
            }
            return rootName(base)
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            return rootName(subscriptCall.calledExpression)
        }
        if let chaining = expression.as(OptionalChainingExprSyntax.self) {
            return rootName(chaining.expression)
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            return rootName(unwrap.expression)
        }
        return nil
    }
}
