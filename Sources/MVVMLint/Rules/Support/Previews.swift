import SwiftSyntax

/// The one answer to "is this a preview?" on the syntax side, for every rule: previews build the
/// view models they show and hold them however they like, so no view rule or view-model rule
/// applies to them (architecture.md: "only the app root and previews construct view models").
///
/// The project side asks the same question of a type's name (``ProjectIndex/isPreview(_:)``): a
/// type inside a preview provider is neither a view nor a view model there, so the findings of
/// rules that ask about roles drop with it.
enum Previews {
    /// Whether the type is a preview provider itself (`struct Feed_Previews: PreviewProvider`).
    static func isProvider(_ decl: some DeclGroupSyntax) -> Bool {
        decl.inheritedNames.contains("PreviewProvider")
    }

    /// Whether the declaration is preview code: a preview provider, a type declared inside one
    /// (or inside an extension of one this file declares), or a type private to its file (no
    /// other file can use it) whose every use there is in a `#Preview` or a provider, such as
    /// the wrapper a preview builds its state in.
    static func isPreview(_ decl: some DeclGroupSyntax, in file: FileContext) -> Bool {
        if isProvider(decl) || isInProvider(decl, in: file) { return true }
        let access = decl.modifiers.accessLevel
        return (access == .private || access == .fileprivate) && isUsedOnlyInPreviews(decl, in: file)
    }

    /// Whether the type is declared inside a preview provider (`Foo_Previews.Host`), or in an
    /// extension of one this file declares: a host that builds the previewed view model is a
    /// preview, as its provider is.
    static func isInProvider(_ decl: some DeclGroupSyntax, in file: FileContext) -> Bool {
        guard file.source.mentions("PreviewProvider") else { return false }
        var current = Syntax(decl).parent
        while let node = current {
            if let group = node.asDeclGroup {
                if isProvider(group) { return true }
                if group.kind == .extensionDecl {
                    let name = group.qualifiedTypeName
                    return file.declarations.contains { $0.qualifiedTypeName == name && isProvider($0) }
                }
            }
            current = node.parent
        }
        return false
    }

    /// Whether every mention of the type's name in its file, other than its declaration, sits in
    /// a `#Preview` or a `PreviewProvider` (and there is at least one), whatever its access.
    static func isUsedOnlyInPreviews(_ decl: some DeclGroupSyntax, in file: FileContext) -> Bool {
        // Most files have no preview: the word is cheaper to look for than every use of the name.
        guard file.source.mentions("Preview") else { return false }
        let declaration = decl.nameNode.positionAfterSkippingLeadingTrivia
        let uses = file.identifiers(decl.typeName).filter { $0.positionAfterSkippingLeadingTrivia != declaration }
        return !uses.isEmpty && uses.allSatisfy(isInPreview)
    }

    /// Whether the node sits in a `#Preview` body or a preview provider.
    private static func isInPreview(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let parent = current {
            if let macro = parent.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return true }
            if let macro = parent.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return true }
            if let group = parent.asDeclGroup, isProvider(group) { return true }
            current = parent.parent
        }
        return false
    }
}
