import SwiftSyntax

extension SourceFileSyntax {
    /// The extensions in the file whose extended type's last name is `name`.
    func extensions(of name: String) -> [ExtensionDeclSyntax] {
        tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.tokenKind == .keyword(.extension), let decl = token.parent?.as(ExtensionDeclSyntax.self),
                  decl.extendedType.simpleName == name else { return nil }
            return decl
        }
    }
}
