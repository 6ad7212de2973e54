import SwiftSyntax

/// A view talks to its view model only through `send(_:)`.
struct ViewSendsActionsRule: FileRule {
    static let description = RuleDescription(
        id: "view-sends-actions",
        summary: "A view calls no view-model method other than `send(_:)`.",
        rationale: """
            Seed 004's rule 2: the view's only input channel is `viewModel.send(.action)`, so every \
            thing a user can do is a case of one enum that a test can send. Reading outputs is fine. \
            Methods whose names end in `ViewModel` (factories or lookups of a child's view model) and \
            the runtime's `binding(_:send:)` are accepted, since they only hand the view what it shows.
            """,
        presets: [.responder], defaultSeverity: .error,
        triggering: [
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
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.viewCandidates where !ArchitectureVocabulary.isRootOrPreview(decl) {
            let generics = ArchitectureVocabulary.genericParameters(of: decl)
            var names: Set<String> = ["viewModel"]
            for property in decl.properties where ArchitectureVocabulary.isViewModelProperty(property, genericParameters: generics) {
                names.formUnion(property.boundNames)
            }
            let finder = ViewModelCallFinder(receivers: names)
            finder.walk(decl.memberBlock)
            for method in finder.calls {
                found.append(file.report(
                    Self.description, at: method,
                    "View '\(decl.typeName)' calls '\(method.text)' on its view model; send an action instead.",
                    hint: "Add a case to the view model's Action and call `viewModel.send(...)`.",
                    when: ArchitectureVocabulary.viewConditions(decl)
                ))
            }
        }
        return found
    }
}

/// Finds `receiver.method(...)` and `self.receiver.method(...)` calls other than `send`.
private final class ViewModelCallFinder: SyntaxVisitor {
    let receivers: Set<String>
    var calls: [TokenSyntax] = []

    init(receivers: Set<String>) {
        self.receivers = receivers
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let callee = node.calledExpression.as(MemberAccessExprSyntax.self), let base = callee.base,
           isReceiver(base) {
            let method = callee.declName.baseName.text
            if method != "send" && method != "binding" && !method.hasSuffix("ViewModel") {
                calls.append(callee.declName.baseName)
            }
        }
        return .visitChildren
    }

    private func isReceiver(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return receivers.contains(reference.baseName.text)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            return receivers.contains(member.declName.baseName.text)
        }
        return false
    }
}
