import SwiftSyntax

extension ViewModelPropertyNameRule: ProjectFixingRule {
    /// Renames each view's view-model property to `viewModel` (see ``rename(_:of:from:to:in:)``),
    /// or leaves the finding with the reason the rename could change meaning. Worked out in the
    /// fix pass: a lint without `--fix` pays nothing for it, and the view's extensions in other
    /// files, which may declare the new name, can be read there.
    func fixes(for findings: [Diagnostic], in project: FixContext) -> [Diagnostic] {
        findings.map { finding in
            // A generic parameter's finding has no fix: the parameter may be named elsewhere.
            guard let file = project.file(finding.path), let (view, property, name) = Self.held(at: finding, in: file) else {
                return finding
            }
            var fixed = finding
            switch Self.rename(property, of: view, from: name, to: "viewModel", in: file.tree) {
            case .edits(let edits):
                if let reason = Self.extendedElsewhere(view.typeName, besides: file.path, in: project) {
                    fixed.leave(because: reason)
                } else {
                    fixed.fix = edits
                }
            case .unsafe(let reason):
                fixed.leave(because: reason)
            }
            return fixed
        }
    }

    /// The view, its property and the property's name at the finding's place.
    static func held(at finding: Diagnostic, in file: FixContext.File) -> (any DeclGroupSyntax, VariableDeclSyntax, String)? {
        let place = LineColumn(line: finding.line, column: finding.column)
        for token in file.tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.struct) || token.tokenKind == .keyword(.class) {
            guard let parent = token.parent, let view = parent.asProtocol((any DeclGroupSyntax).self),
                  parent.is(StructDeclSyntax.self) || parent.is(ClassDeclSyntax.self) else { continue }
            for property in view.properties {
                guard let binding = property.bindings.first, file.location(of: binding.pattern) == place else { continue }
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                return (view, property, name)
            }
        }
        return nil
    }

    /// Why the view's extensions in other linted files may stop the rename (they may declare
    /// `viewModel`), or `nil` when no other file extends a type of its name.
    static func extendedElsewhere(_ typeName: String, besides path: String, in project: FixContext) -> String? {
        let (mentioning, unreadable) = project.paths(mentioning: [typeName])
        if let other = unreadable.first(where: { $0 != path }) {
            return "\(other) could not be read for the fix"
        }
        for other in mentioning where other != path {
            guard let file = project.file(other) else { return "\(other) nests too deep to follow" }
            if !file.tree.extensions(of: typeName).isEmpty {
                return "the view has extensions in other files, which may declare 'viewModel'"
            }
        }
        return nil
    }
}
