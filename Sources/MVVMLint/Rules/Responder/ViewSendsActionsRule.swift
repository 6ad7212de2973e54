import SwiftSyntax

/// A view talks to its view model only through `send(_:)`.
struct ViewSendsActionsRule: FileRule {
    static let description = RuleDescription(
        id: "view-sends-actions",
        summary: "A view calls no view-model method other than `send(_:)`.",
        rationale: """
            The responder rule book's rule 2: the view's only input channel is `viewModel.send(.action)`, so every \
            thing a user can do is a case of one enum that a test can send. Reading outputs is fine; handing a \
            method over unapplied (`onUpgrade: viewModel.upgrade`) is calling it. \
            Methods whose names end in `ViewModel` (factories or lookups of a child's view model) and \
            the runtime's `binding(_:send:)` are accepted, since they only hand the view what it shows. A \
            generic parameter is a view model when unconstrained or constrained to a `*ViewModeling` \
            protocol; `content.padding()` on a `Content: View` is no call on a view model.
            """,
        presets: [.responder], defaultSeverity: .error,
        triggering: [
            RuleExample("""
                struct SettingsView: View {
                    let viewModel: SettingsViewModel
                    var body: some View {
                        Button("Close", action: viewModel.↓close)
                            .onAppear(perform: viewModel.↓load)
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct LoginView: View {
                    @State var viewModel: LoginViewModel
                    var body: some View {
                        Button("Sign In") { viewModel.↓authenticate() }
                            .task { await viewModel.↓loadSavedUser() }
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct CartView: View {
                    let viewModel: CartViewModel
                    var body: some View {
                        List(viewModel.items) { item in
                            Text(item.name).onTapGesture { self.viewModel.↓remove(item) }
                        }
                    }
                }
                """),
            // A method handed over unapplied under any label a callback takes, or one the view
            // also calls.
            RuleExample("""
                import SwiftUI
                struct PlanView: View {
                    @State private var viewModel: PlanViewModel
                    var body: some View {
                        PlanCard(plan: viewModel.plan, onUpgrade: viewModel.↓upgrade, completionHandler: viewModel.↓finish)
                            .onSubmit(viewModel.↓search)
                            .refreshable { await viewModel.↓reload() }
                        PlanFooter(retry: viewModel.↓reload)
                    }
                }
                """),
            // A view model the view makes in `@State`, whatever the property's name.
            RuleExample("""
                import SwiftUI
                struct AboutView: View {
                    @State private var model = AboutViewModel()
                    var body: some View { Button("Rate") { model.↓rate() } }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct DetailView<Model: DetailViewModeling, Header: View>: View {
                    let model: Model
                    let header: Header
                    var body: some View {
                        header.padding()
                        Button("Save") { model.↓save() }
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                import SwiftUI
                struct LoginView: View {
                    @State var viewModel: LoginViewModel
                    var body: some View {
                        Button("Sign In") { viewModel.send(.authenticate) }
                            .disabled(!viewModel.isSubmitEnabled)
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct InboxView: View {
                    @State var viewModel: InboxViewModel
                    var body: some View {
                        List(viewModel.messages.sorted()) { message in
                            NavigationLink(message.subject) {
                                MessageView(viewModel: viewModel.makeMessageViewModel(for: message))
                            }
                        }
                    }
                }
                """),
            // Values handed over unapplied: a label that names a value, not a callback.
            RuleExample("""
                import SwiftUI
                struct PlanView: View {
                    @State private var viewModel: PlanViewModel
                    var body: some View {
                        PlanCard(plan: viewModel.plan, primaryAction: viewModel.primaryAction, onboarding: viewModel.onboarding)
                            .onChange(of: viewModel.query) { viewModel.send(.search) }
                            .onReceive(viewModel.$items) { _ in }
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct BadgeView: View {
                    @ObservedObject var store: BadgeStore
                    var body: some View { Button("Refresh") { store.refresh() } }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct CardView<Content: View, Value: BinaryFloatingPoint, ID>: View where ID: Hashable {
                    @State var viewModel: CardViewModel
                    let content: Content
                    let value: Value
                    let id: ID
                    var body: some View {
                        content.padding().id(id.hashValue)
                        Text(value.formatted())
                        Button("Close") { viewModel.send(.close) }
                    }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.viewCandidates where !ArchitectureVocabulary.isRootOrPreview(decl, in: file) {
            let generics = ArchitectureVocabulary.genericParameters(of: decl)
            // Each receiver with what must hold for it to be a view model; an extension's
            // `viewModel` is taken at its name.
            var receivers: [String: [RoleCondition]] = ["viewModel": []]
            for property in decl.properties where ArchitectureVocabulary.isViewModelProperty(property, genericParameters: generics) {
                guard let holds = ArchitectureVocabulary.viewModelPropertyConditions(property, genericParameters: generics) else { continue }
                for name in property.boundNames {
                    receivers[name] = holds
                }
            }
            let finder = ViewModelCallFinder(receivers: Set(receivers.keys))
            finder.walkMembers(of: decl)
            for (receiver, method) in finder.found {
                found.append(file.report(
                    Self.description, at: method,
                    "View '\(decl.typeName)' calls '\(method.text)' on its view model; send an action instead.",
                    hint: "Add a case to the view model's Action and call `viewModel.send(...)`.",
                    when: ArchitectureVocabulary.viewConditions(decl) + (receivers[receiver] ?? [])
                ))
            }
        }
        return found
    }
}
