import SwiftSyntax

/// References point down: view models hold no UI, models hold no view models or views.
struct LayeringRule: FileRule {
    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.viewModelCandidates {
            // Settled once per declaration: its qualified name walks up the tree.
            let isViewModel = ArchitectureVocabulary.viewModelConditions(decl)
            let typeName = decl.typeName
            let ownTypes = Self.nestedTypeNames(of: decl)
            let scope = isViewModel.first?.typeName ?? typeName
            for written in WrittenTypes.typeReferences(in: decl.memberBlock.members) {
                for reference in WrittenTypes.leafTypes(in: written) {
                    let name = reference.simpleName
                    if let uiName = WrittenTypes.uiTypeName(reference) {
                        // An app's own `Image` or `Label` model is plain data.
                        found.append(file.report(
                            Self.description, at: reference,
                            "View model '\(typeName)' holds the UI type '\(reference.trimmedText)'; expose plain data instead.",
                            when: isViewModel + [RoleCondition(uiName, is: .declared, holds: false)]
                        ))
                    } else if WrittenTypes.isSomeView(reference) {
                        found.append(file.report(
                            Self.description, at: reference,
                            "View model '\(typeName)' holds the UI type '\(reference.trimmedText)'; expose plain data instead.",
                            when: isViewModel
                        ))
                    } else if name != typeName && WrittenTypes.mayNameProjectType(name) && !ownTypes.contains(reference.writtenName) {
                        // `Analytics.Screen` is resolved through its qualifier, never taken for a view `Screen`.
                        found.append(file.report(
                            Self.description, at: reference,
                            "View model '\(typeName)' references the view '\(name)'; a view model never knows its views.",
                            when: isViewModel + [RoleCondition(reference.writtenName, is: .view)]
                                + Self.notNested(reference.writtenName, in: scope)
                        ))
                    }
                }
            }
        }
        // Models: top-level types that store view models or views.
        let conformances = NonModelShapes.sameFileConformances(file)
        for decl in file.declarations where decl.enclosingDeclGroup == nil && decl.kind != .extensionDecl && decl.kind != .protocolDecl {
            // Most declarations store nothing that could be a view or a view model: find that
            // out before asking the costlier questions of what the declaration is.
            let stored = decl.properties.flatMap(Self.storedReferences)
            guard !stored.isEmpty else { continue }
            let model = decl.typeName
            let inherited = conformances[model] ?? []
            if ArchitectureVocabulary.isRootOrPreview(decl) || model.hasAnySuffix(NonModelShapes.compositionSuffixes)
                || NonModelShapes.isFrontEnd(decl, inherited: inherited, source: file.source) || model.hasAnySuffix(NonModelShapes.viewModelStateSuffixes)
                || NonModelShapes.makesUI(decl) {
                continue
            }
            let ownTypes = Self.nestedTypeNames(of: decl)
            var pending: [PendingDiagnostic] = []
            for reference in stored where !ownTypes.contains(reference.written) {
                for role in [Role.viewModel, .view] where role == .viewModel || !reference.isInferred {
                    pending.append(file.report(
                        Self.description, at: reference.node,
                        "Model '\(model)' stores the \(role == .view ? "view" : "view model") '\(reference.simpleName)'; models never reference the layers above them.",
                        when: [RoleCondition(model, is: .viewModel, holds: false), RoleCondition(model, is: .view, holds: false),
                               RoleCondition(model, is: .upperLayerValue, holds: false), RoleCondition(reference.written, is: role)]
                            + Self.notNested(reference.written, in: model)
                    ))
                }
            }
            // A type only previews use wraps a view for them; it is no model.
            if !pending.isEmpty && !Previews.isUsedOnlyInPreviews(decl, in: file) {
                found += pending
            }
        }
        return found
    }

    /// The names of the types declared in the body: written there, a name means one of them.
    private static func nestedTypeNames(of decl: some DeclGroupSyntax) -> Set<String> {
        var names: Set<String> = []
        for member in decl.memberBlock.members.elements {
            switch member.decl.as(DeclSyntaxEnum.self) {
            case .structDecl(let nested): names.insert(nested.name.text)
            case .enumDecl(let nested): names.insert(nested.name.text)
            case .classDecl(let nested): names.insert(nested.name.text)
            case .actorDecl(let nested): names.insert(nested.name.text)
            case .typeAliasDecl(let alias): names.insert(alias.name.text)
            default: break
            }
        }
        return names
    }

    /// That `written`, inside the type `scope` (`Feature.LimitsViewModel`), means no type nested
    /// there or around it that another file declares (`extension LimitsViewModel { struct Limits }`):
    /// the compiler looks there before the top level. Asked last, only of a name that is a view.
    private static func notNested(_ written: String, in scope: String) -> [RoleCondition] {
        var conditions: [RoleCondition] = []
        var enclosing = scope.split(separator: ".")
        while !enclosing.isEmpty {
            conditions.append(RoleCondition((enclosing + [Substring(written)]).joined(separator: "."), is: .declared, holds: false))
            enclosing.removeLast()
        }
        return conditions
    }

    /// A type a stored property's value may be of, where it is written.
    private struct StoredReference {
        var node: Syntax
        var simpleName: String
        /// As written, dotted (`Analytics.Screen`): resolved through its qualifier.
        var written: String
        /// Whether only the initial value names it (`var detail = DetailViewModel()`).
        var isInferred = false
    }

    /// The types a stored instance property holds that may be the project's views or view
    /// models: those its annotation names, or else the view model its initial value makes.
    private static func storedReferences(of property: VariableDeclSyntax) -> [StoredReference] {
        guard property.isStored && !property.isStatic else { return [] }
        if let type = property.declaredType {
            return WrittenTypes.leafTypes(in: type).compactMap { reference in
                let name = reference.simpleName
                return WrittenTypes.mayNameProjectType(name) ? StoredReference(node: Syntax(reference), simpleName: name, written: reference.writtenName) : nil
            }
        }
        // Only a name that says view model is worth a project-wide question: most initial
        // values are formatters, tasks and plain values.
        guard let call = property.bindings.elements.first?.initializer?.value.as(FunctionCallExprSyntax.self),
              let name = call.calledExpression.calledTypeName, RoleVocabulary.isViewModelName(name) else { return [] }
        return [StoredReference(node: Syntax(call.calledExpression), simpleName: name, written: name, isInferred: true)]
    }
}
