import SwiftSyntax

/// A view's local state is its own.
struct ViewStatePrivateRule: FileRule {
    static let description = RuleDescription(
        id: "view-state-private",
        summary: "A view's @State properties, other than its view model, are private.",
        rationale: """
            The responder rule book's rule 5 uses local state only to capture input for an action and notes that such \
            state must not leak outside the view. `private` makes that true; the view model property is \
            exempt because the parent passes it in. Access is what it effectively is: a property of a \
            `private` or `fileprivate` type (or of a type nested in one) is already private. A generic \
            parameter constrained to something other than a `*ViewModeling` protocol (`Value: \
            BinaryFloatingPoint`) is not a view model. \
            `--fix` leaves a property without an initial value in a view without an `init` (the \
            memberwise initializer takes it) and one of a view extended in other files.
            """,
        presets: .common, defaultSeverity: .warning, isFixable: true,
        triggering: [
            RuleExample("""
                struct RenameView: View {
                    @State var ↓draft: String
                    var body: some View { TextField("Name", text: $draft) }
                }
                """, unfixedReason: "'draft' has no initial value, so the memberwise initializer takes it"),
            // A model object the view is handed (a service's, not a view model's child) is not
            // its view model: the view does not own what it did not make.
            RuleExample("""
                import SwiftUI
                struct PushNotificationsView: View {
                    @State var ↓subscription: PushSubscriptionSettings
                    var body: some View { Toggle("Mentions", isOn: $subscription.isMentionEnabled) }
                }
                """, extraFiles: ["Sources/App/PushNotificationsService.swift": """
                import Observation
                @MainActor @Observable final class PushSubscriptionSettings { var isMentionEnabled = false }
                @MainActor @Observable final class PushNotificationsService {
                    private(set) var subscriptions: [PushSubscriptionSettings] = []
                }
                """], unfixedReason: "'subscription' has no initial value, so the memberwise initializer takes it"),
            RuleExample("""
                struct LoginView: View {
                    @State var ↓username = ""
                    @State var viewModel: LoginViewModel
                    var body: some View { TextField("Name", text: $username) }
                }
                """),
            RuleExample("""
                struct SliderRow<Value: BinaryFloatingPoint>: View {
                    @State var ↓value: Value
                    var body: some View { Text("Slider") }
                }
                struct SettingsView: View {
                    struct Row: View {
                        @State var ↓isOn = false
                        var body: some View { Toggle("On", isOn: $isOn) }
                    }
                    var body: some View { Row() }
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
            // A view a preview provider declares is the preview's.
            RuleExample("""
                import SwiftUI
                struct Timeline_Previews: PreviewProvider {
                    static var previews: some View { Host() }
                    struct Host: View {
                        @State var isExpanded = false
                        var body: some View { Toggle("More", isOn: $isExpanded) }
                    }
                }
                """),
            RuleExample("""
                struct OnboardingView: View {
                    @State var model = OnboardingModel()
                    var body: some View { Text("\\(model.page)") }
                }
                """, extraFiles: ["Sources/App/OnboardingModel.swift": """
                import Observation
                @Observable final class OnboardingModel {
                    private(set) var page = 0
                }
                """]),
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
            RuleExample("""
                private struct ToggleRow: View {
                    @State var isOn = false
                    var body: some View { Toggle("On", isOn: $isOn) }
                }
                fileprivate extension SettingsView {
                    struct Footer: View {
                        @State var isExpanded = false
                        var body: some View { Text("Footer") }
                    }
                }
                struct ProfileView: View {
                    private struct Badge: View {
                        @State var count = 0
                        var body: some View { Text("\\(count)") }
                    }
                    var body: some View { Badge() }
                }
                """),
        ]
    )

    /// Whether a type or extension around the property is `private` or `fileprivate`: its
    /// members are then no more visible than that, whatever they say.
    static func isInsidePrivateScope(_ node: some SyntaxProtocol) -> Bool {
        var current = node.enclosingDeclGroup
        while let group = current {
            if let access = group.modifiers.accessLevel, access == .private || access == .fileprivate {
                return true
            }
            current = group.enclosingDeclGroup
        }
        return false
    }

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.viewCandidates.flatMap { decl -> [PendingDiagnostic] in
            let generics = ArchitectureVocabulary.genericParameters(of: decl)
            return decl.properties.flatMap { property -> [PendingDiagnostic] in
                guard property.attributes.contains(named: "State"),
                      !ArchitectureVocabulary.isViewModelProperty(property, genericParameters: generics) else { return [] }
                let access = property.modifiers.accessLevel
                guard access != .private && access != .fileprivate, !Self.isInsidePrivateScope(property) else { return [] }
                return property.bindings.elements.flatMap { binding -> [PendingDiagnostic] in
                    guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { return [] }
                    var conditions = ArchitectureVocabulary.viewConditions(decl)
                    // The view's own view model, written or inferred (`@State var model = OnboardingModel()`).
                    if let type = property.declaredType?.simpleName ?? property.inferredTypeName {
                        conditions.append(RoleCondition(type, is: .viewModel, holds: false))
                    }
                    func report(fix: [TextEdit]?, reason: String?, when: [RoleCondition]) -> PendingDiagnostic {
                        file.report(
                            Self.description, at: pattern,
                            "@State property '\(pattern.identifier.text)' of view '\(decl.typeName)' is not private.",
                            hint: "Declare it `@State private var`.", fix: fix, unfixedBecause: reason, when: when
                        )
                    }
                    // Without an initial value or an `init`, the memberwise initializer takes the
                    // property, and a private one makes that initializer private too.
                    let hasInit = decl.memberBlock.members.elements.contains { $0.decl.is(InitializerDeclSyntax.self) }
                    if binding.initializer == nil && !hasInit {
                        return [report(fix: nil, reason: "'\(pattern.identifier.text)' has no initial value, so the memberwise initializer takes it", when: conditions)]
                    }
                    // An extension in another file cannot see a private property: the project
                    // settles which of the two findings stands.
                    let alone = RoleCondition(decl.typeName, is: .declaredInOneFile)
                    var elsewhere = alone
                    elsewhere.holds = false
                    return [
                        report(fix: [file.setAccess("private", modifiers: property.modifiers, before: property.bindingSpecifier)], reason: nil, when: conditions + [alone]),
                        report(fix: nil, reason: "the view has extensions in other files, which may use it", when: conditions + [elsewhere]),
                    ]
                }
            }
        }
    }
}
