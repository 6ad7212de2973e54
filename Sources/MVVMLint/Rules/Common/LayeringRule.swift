import SwiftSyntax

/// References point down: view models hold no UI, models hold no view models or views.
struct LayeringRule: FileRule {
    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.viewModelCandidates {
            // Settled once per declaration: its qualified name walks up the tree.
            let isViewModel = ArchitectureVocabulary.viewModelConditions(decl)
            let typeName = decl.typeName
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
                    } else if name != typeName && WrittenTypes.mayNameProjectType(name) {
                        // `Analytics.Screen` is resolved through its qualifier, never taken for a view `Screen`.
                        found.append(file.report(
                            Self.description, at: reference,
                            "View model '\(typeName)' references the view '\(name)'; a view model never knows its views.",
                            when: isViewModel + [RoleCondition(reference.writtenName, is: .view)]
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
            let stored = decl.properties.filter { property in
                property.isStored && !property.isStatic
                    && property.declaredType.map { WrittenTypes.leafTypes(in: $0).contains { WrittenTypes.mayNameProjectType($0.simpleName) } } == true
            }
            guard !stored.isEmpty else { continue }
            let model = decl.typeName
            let inherited = conformances[model] ?? []
            if ArchitectureVocabulary.isRootOrPreview(decl) || model.hasAnySuffix(NonModelShapes.compositionSuffixes)
                || NonModelShapes.isFrontEnd(decl, inherited: inherited, source: file.source) || model.hasAnySuffix(NonModelShapes.viewModelStateSuffixes)
                || NonModelShapes.makesUI(decl) {
                continue
            }
            var pending: [PendingDiagnostic] = []
            for property in stored {
                guard let type = property.declaredType else { continue }
                for reference in WrittenTypes.leafTypes(in: type) {
                    let name = reference.simpleName
                    guard WrittenTypes.mayNameProjectType(name) else { continue }
                    for role in [Role.viewModel, .view] {
                        pending.append(file.report(
                            Self.description, at: reference,
                            "Model '\(model)' stores the \(role == .view ? "view" : "view model") '\(name)'; models never reference the layers above them.",
                            when: [RoleCondition(model, is: .viewModel, holds: false), RoleCondition(model, is: .view, holds: false),
                                   RoleCondition(model, is: .upperLayerValue, holds: false), RoleCondition(reference.writtenName, is: role)]
                        ))
                    }
                }
            }
            // A type only previews use wraps a view for them; it is no model.
            if !pending.isEmpty && !NonModelShapes.isUsedOnlyInPreviews(decl, in: file) {
                found += pending
            }
        }
        return found
    }
}
