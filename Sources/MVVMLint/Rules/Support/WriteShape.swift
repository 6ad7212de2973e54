import SwiftSyntax

/// Whether a use of a name may set it, read from the syntax around it: for a fix that makes a
/// setter private, every use that could be a write counts as one.
enum WriteShape {
    /// How far up a use's chain (`a.b.c[0]!`) the walk goes.
    private static let deepestChain = 64

    /// The operators that set their left side.
    private static let compoundAssignments: Set<String> = [
        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&+=", "&-=", "&*=", "&<<=", "&>>=",
    ]

    /// Whether `token` (a name, alone or after a `.`) may be set where it stands: on the left of
    /// an assignment (in a tuple too), as an `inout` argument, through a binding (`$model.name`),
    /// by a method called on it or on part of it (which may be mutating), or in a key path
    /// (which may be writable).
    static func isWrite(_ token: TokenSyntax) -> Bool {
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else {
            // A key path's component, or a name where the syntax shows no plain use.
            return token.parent?.is(KeyPathPropertyComponentSyntax.self) == true || isInKeyPath(token)
        }
        if isInKeyPath(token) { return true }
        var current = ExprSyntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            if let base = member.base, startsWithProjection(base) { return true }
            current = ExprSyntax(member)
        }
        var climbed = false
        for _ in 0..<deepestChain {
            guard let parent = current.parent else { return false }
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == current.id {
                current = ExprSyntax(member)
            } else if let subscripted = parent.as(SubscriptCallExprSyntax.self), subscripted.calledExpression.id == current.id {
                current = ExprSyntax(subscripted)
            } else if let unwrapped = parent.as(ForceUnwrapExprSyntax.self) {
                current = ExprSyntax(unwrapped)
            } else if let chained = parent.as(OptionalChainingExprSyntax.self) {
                current = ExprSyntax(chained)
            } else if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == current.id {
                // `name.toggle()`, `name.items.append(x)`: a method on it may mutate it.
                return climbed
            } else if parent.is(InOutExprSyntax.self) {
                return true
            } else if let element = parent.as(LabeledExprSyntax.self), let tuple = element.parent?.parent?.as(TupleExprSyntax.self) {
                // `(a.name, b) = pair` sets each element of the tuple.
                current = ExprSyntax(tuple)
                climbed = false
                continue
            } else {
                return isAssigned(current)
            }
            climbed = true
        }
        return true
    }

    /// Whether `token` names a member of some value other than `self` (`model.name`,
    /// `$model.name`, `\.name`), which may be any type's; a bare name or `self.name` is the
    /// enclosing type's own.
    static func isMemberOfAnotherValue(_ token: TokenSyntax) -> Bool {
        if isInKeyPath(token) { return true }
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
              let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id else {
            return false
        }
        guard let base = member.base else { return false }
        if let root = base.as(DeclReferenceExprSyntax.self), root.baseName.tokenKind == .keyword(.self) { return false }
        return true
    }

    /// Whether `expression` is the left side of `=` or of a compound assignment.
    private static func isAssigned(_ expression: ExprSyntax) -> Bool {
        if let list = expression.parent?.as(ExprListSyntax.self) {
            let elements = Array(list)
            guard let index = elements.firstIndex(where: { $0.id == expression.id }), index + 1 < elements.count else { return false }
            return isAssignment(elements[index + 1])
        }
        if let infix = expression.parent?.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == expression.id {
            return isAssignment(infix.operator)
        }
        return false
    }

    private static func isAssignment(_ operation: ExprSyntax) -> Bool {
        if operation.is(AssignmentExprSyntax.self) { return true }
        guard let binary = operation.as(BinaryOperatorExprSyntax.self) else { return false }
        return compoundAssignments.contains(binary.operator.text)
    }

    /// Whether the chain `base` starts with a `$` name (`$model.settings`).
    private static func startsWithProjection(_ base: ExprSyntax) -> Bool {
        var current = base
        for _ in 0..<deepestChain {
            if let member = current.as(MemberAccessExprSyntax.self), let inner = member.base {
                current = inner
            } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                return reference.baseName.text.hasPrefix("$")
            } else {
                return false
            }
        }
        return true
    }

    private static func isInKeyPath(_ token: TokenSyntax) -> Bool {
        var current = token.parent
        for _ in 0..<deepestChain {
            guard let node = current else { return false }
            if node.is(KeyPathExprSyntax.self) { return true }
            if node.is(CodeBlockItemSyntax.self) || node.isProtocol((any DeclSyntaxProtocol).self) { return false }
            current = node.parent
        }
        return false
    }
}
