import SwiftSyntax

/// A view's local state is its own.
struct ViewStatePrivateRule: FileRule {
    static let description = RuleDescription(
        id: "view-state-private",
        summary: "A view's @State properties, other than its view model, are private.",
        rationale: """
            The responder rule book's rule 5 uses local state only to capture input for an action and notes that such \
            state must not leak outside the view. `private` makes that true; the view model property is \
            exempt because the parent passes it in.
            """,
        presets: .common, defaultSeverity: .warning, isFixable: true,
        triggering: [
            RuleExample("""
                struct LoginView: View {
                    @State var ↓username = ""
                    @State var viewModel: LoginViewModel
                    var body: some View { TextField("Name", text: $username) }
                }
                """),
            RuleExample("""
                struct SearchView: View {
                    @State internal var ↓query = "", ↓scope = 0
                    var body: some View { TextField("Search", text: $query) }
                }
                """, fixed: """
                struct SearchView: View {
                    @State private var query = "", scope = 0
                    var body: some View { TextField("Search", text: $query) }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct LoginView: View {
                    @State private var username = ""
                    @State fileprivate var password = ""
                    @State var viewModel: LoginViewModel
                    var body: some View { TextField("Name", text: $username) }
                }
                """),
            RuleExample("""
                struct ItemListView<ViewModel: ItemListViewModeling>: View {
                    @State var model: ViewModel
                    var body: some View { EmptyView() }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.viewCandidates.flatMap { decl -> [PendingDiagnostic] in
            let generics = ArchitectureVocabulary.genericParameters(of: decl)
            return decl.properties.flatMap { property -> [PendingDiagnostic] in
                guard property.attributes.contains(named: "State"),
                      !ArchitectureVocabulary.isViewModelProperty(property, genericParameters: generics) else { return [] }
                let access = property.modifiers.accessLevel
                guard access != .private && access != .fileprivate else { return [] }
                return property.bindings.compactMap { binding in
                    guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
                    var conditions = ArchitectureVocabulary.viewConditions(decl)
                    if let type = property.declaredType?.simpleName {
                        conditions.append(RoleCondition(type, is: .viewModel, holds: false))
                    }
                    return file.report(
                        Self.description, at: pattern,
                        "@State property '\(pattern.identifier.text)' of view '\(decl.typeName)' is not private.",
                        hint: "Declare it `@State private var`.",
                        fix: [file.setAccess("private", modifiers: property.modifiers, before: property.bindingSpecifier)],
                        when: conditions
                    )
                }
            }
        }
    }
}
