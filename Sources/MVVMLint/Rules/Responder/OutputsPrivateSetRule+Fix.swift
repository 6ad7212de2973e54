import SwiftSyntax

extension OutputsPrivateSetRule: ProjectFixingRule {
    /// Makes each property `private(set)` when no linted file sets it from outside its class:
    /// an assignment, a binding (`$viewModel.query`), an `inout` argument, a mutating call or a
    /// key path on it elsewhere, or a protocol that requires it `{ get set }`, would no longer
    /// compile. Worked out in the fix pass, where every linted file can be read.
    func fixes(for findings: [Diagnostic], in project: FixContext) -> [Diagnostic] {
        findings.map { finding in
            var fixed = finding
            guard let file = project.file(finding.path), let (owner, property, name) = Self.property(at: finding, in: file) else {
                return finding
            }
            if let reason = Self.outsideWrite(of: name, owner: owner, in: file, project: project) {
                fixed.leave(because: reason)
            } else {
                fixed.fix = [.insert("private(set) ", at: property.bindingSpecifier.positionAfterSkippingLeadingTrivia)]
            }
            return fixed
        }
    }

    /// The class, property and name the finding is about, found by its place.
    static func property(at finding: Diagnostic, in file: FixContext.File) -> (ClassDeclSyntax, VariableDeclSyntax, String)? {
        let place = LineColumn(line: finding.line, column: finding.column)
        for token in file.tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.class) {
            guard let owner = token.parent?.as(ClassDeclSyntax.self) else { continue }
            for property in owner.properties {
                for binding in property.bindings where file.location(of: binding.pattern) == place {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                    return (owner, property, name)
                }
            }
        }
        return nil
    }

    /// Why `private(set)` on `name` could break a linted file, or `nil`.
    static func outsideWrite(of name: String, owner: ClassDeclSyntax, in ownerFile: FixContext.File, project: FixContext) -> String? {
        if project.namesFilesOnly { return FixContext.namedFilesReason }
        let (mentioning, unreadable) = project.paths(mentioning: [name])
        if let path = unreadable.first { return "\(path) could not be read for the fix" }
        let ownerName = owner.name.text
        for path in mentioning {
            guard let file = project.file(path) else { return "\(path) nests too deep to follow" }
            // The class and its extensions in its own file may set it; nothing else may. A bare
            // name (or `self.name`) means the property only inside the class's own extensions.
            let extensions = Set(file.tree.extensions(of: ownerName).map(\.id))
            let allowed = path == ownerFile.path ? extensions.union([owner.id]) : []
            for token in file.tree.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let text) = token.tokenKind, text == name else { continue }
                if !WriteShape.isMemberOfAnotherValue(token) && !Self.isInside(token, any: extensions) {
                    continue
                }
                if let requirement = token.parent?.parent?.parent?.parent?.as(VariableDeclSyntax.self),
                   requirement.parent?.parent?.parent?.parent?.is(ProtocolDeclSyntax.self) == true {
                    if requirement.bindings.contains(where: { $0.hasSetterRequirement }) {
                        return "a protocol in \(path) requires '\(name)' to be settable"
                    }
                    continue
                }
                guard !Self.isInside(token, any: allowed), WriteShape.isWrite(token) else { continue }
                return "'\(name)' is set outside '\(ownerName)' (\(path):\(file.location(of: token).line))"
            }
        }
        return nil
    }

    private static func isInside(_ token: TokenSyntax, any scopes: Set<SyntaxIdentifier>) -> Bool {
        guard !scopes.isEmpty else { return false }
        var current = token.parent
        while let node = current {
            if scopes.contains(node.id) { return true }
            current = node.parent
        }
        return false
    }
}
