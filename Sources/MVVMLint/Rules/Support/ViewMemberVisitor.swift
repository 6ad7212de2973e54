import SwiftSyntax

/// The walk every view rule makes over one view's members: property initial values, the body,
/// methods and initialisers, but not the types declared inside the view.
///
/// A nested type is a declaration of its own. When it is a view, the rules check it on its own
/// (so walking into it from the outer view would report its findings twice, under the wrong
/// view); when it is not, it is none of the view's business. Rules that look inside a view find
/// what they look for in a subclass, and so agree on what belongs to the view.
class ViewMemberVisitor: SyntaxVisitor {
    init() {
        super.init(viewMode: .sourceAccurate)
    }

    /// Walks the members of `decl` (a view, or an extension of one).
    final func walkMembers(of decl: some DeclGroupSyntax) {
        walk(decl.memberBlock)
    }

    override final func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override final func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override final func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override final func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override final func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
