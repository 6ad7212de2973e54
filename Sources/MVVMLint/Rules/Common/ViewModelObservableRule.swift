import SwiftSyntax

/// View models publish their state through the configured observation mechanism.
struct ViewModelObservableRule: FileRule {
    func check(_ file: FileContext) -> [PendingDiagnostic] {
        let mode = file.configuration.observation
        // What each view-modeling protocol of this file refines; one declared elsewhere is unknown.
        var refinements: [String: [String]] = [:]
        for protocolDecl in file.declarations(ProtocolDeclSyntax.self) where RoleVocabulary.isViewModelingName(protocolDecl.name.text) {
            refinements[protocolDecl.name.text] = protocolDecl.inheritedNames
        }
        return file.declarations(ClassDeclSyntax.self).compactMap { decl in
            let inherited = decl.inheritedNames
            let viewModeling = inherited.filter { RoleVocabulary.isViewModelingName($0) }
            let usesMacro = decl.attributes.contains(named: "Observable")
            // An `ObservableObject` refined by its view-modeling protocol makes the class one.
            let usesObject = inherited.contains("ObservableObject")
                || viewModeling.contains { refinements[$0]?.contains("ObservableObject") == true }
            // Through a view-modeling protocol of another file the class may be an object too
            // (`view-modeling-shape` checks what that protocol refines).
            let mayBeObject = viewModeling.contains { refinements[$0] == nil }
            let mayInherit = inherited.contains {
                !ArchitectureVocabulary.plainProtocols.contains($0) && !RoleVocabulary.isViewModelingName($0)
            }
            let satisfied: Bool
            let expected: String
            switch mode {
            case .observable:
                satisfied = usesMacro || (mayInherit && !usesObject)
                expected = "@Observable"
            case .observableObject:
                satisfied = usesObject || ((mayInherit || mayBeObject) && !usesMacro)
                expected = "ObservableObject"
            case .either:
                satisfied = usesMacro || usesObject || mayInherit || mayBeObject
                expected = "@Observable or ObservableObject"
            }
            guard !satisfied else { return nil }
            // The move from ObservableObject is worked out by `--fix` alone (it reaches the views
            // that hold the class); what the class's own file shows already is said here.
            var reason: String?
            if mode == .observable && usesObject {
                reason = Conversion(decl, protocols: { refinements[$0] }, seesProject: false).reason
            }
            return file.report(
                Self.description, at: decl.name,
                "View model '\(decl.name.text)' is not \(expected) (observation: \(mode.rawValue)).",
                hint: mode == .observableObject ? "Conform to ObservableObject." : "Mark the class @Observable.",
                unfixedBecause: reason,
                when: ArchitectureVocabulary.viewModelConditions(decl)
            )
        }
    }
}
