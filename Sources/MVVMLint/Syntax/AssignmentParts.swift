import SwiftSyntax

extension ExprSyntax {
    /// The expression `try`, `try?` and `await` mark (`try await Model.init(api: api)`), looking
    /// through at most eight marks.
    var withoutEffectMarks: ExprSyntax {
        var current = self
        for _ in 0..<8 {
            if let marked = current.as(TryExprSyntax.self) {
                current = marked.expression
            } else if let marked = current.as(AwaitExprSyntax.self) {
                current = marked.expression
            } else {
                break
            }
        }
        return current
    }

    /// `name`, when this is an assignment's target written `name` or `self.name`.
    var assignedPropertyName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = self.as(MemberAccessExprSyntax.self),
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return member.declName.baseName.text
        }
        return nil
    }
}
