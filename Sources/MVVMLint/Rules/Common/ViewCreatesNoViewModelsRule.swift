import SwiftSyntax

/// Views get child view models from their own view model.
struct ViewCreatesNoViewModelsRule: FileRule {
    static let description = RuleDescription(
        id: "view-creates-no-view-models",
        summary: "A view does not construct view models; a child's view model comes from the view's own view model.",
        rationale: """
            The responder rule book's rule 6 lets a view create the next view but not that view's view model, and the triad write-up's \
            Home view asks its view model for `makeItemListViewModel()`: the view-model tree, not the UI, is \
            the app's hierarchy. The initial value of a view's own view-model property, app roots and \
            previews are exempt.
            """,
        presets: .common, defaultSeverity: .error,
        triggering: [
            RuleExample("""
                struct HomeView: View {
                    @StateObject var viewModel = HomeViewModel()
                    var body: some View {
                        ChildView(viewModel: ↓ChildViewModel())
                    }
                }
                """),
            RuleExample("""
                struct ParentView: View {
                    var body: some View {
                        let viewModel = ↓DetailViewModel.init(responder: .noop)
                        DetailView(viewModel: viewModel)
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct HomeView<ViewModel: HomeViewModeling>: View {
                    @State var viewModel: ViewModel
                    var body: some View {
                        ItemListView(viewModel: viewModel.makeItemListViewModel())
                    }
                }
                """),
            RuleExample("""
                struct LoginView: View {
                    @StateObject var viewModel = LoginViewModel()
                    var body: some View { Text("Log in") }
                }
                """),
            RuleExample("""
                struct LoginViewPreviews: PreviewProvider {
                    static var previews: some View {
                        LoginView(viewModel: LoginViewModel(responder: .noop))
                    }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.viewCandidates.filter { !ArchitectureVocabulary.isRootOrPreview($0) }.flatMap { decl in
            let finder = ViewModelCreationFinder()
            finder.walk(decl.memberBlock)
            return finder.calls.map { call, type in
                file.report(
                    Self.description, at: call,
                    "View '\(decl.typeName)' creates the view model '\(type)'; get it from its own view model instead.",
                    hint: "Add a `make\(type)()` factory or a child property to the view's view model.",
                    when: ArchitectureVocabulary.viewConditions(decl) + [RoleCondition(type, is: .viewModel)]
                )
            }
        }
    }
}

private final class ViewModelCreationFinder: SyntaxVisitor {
    var calls: [(FunctionCallExprSyntax, String)] = []

    init() { super.init(viewMode: .sourceAccurate) }

    // Nested types are checked on their own.
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // The initial value of the view's own view model property is its 1:1 view model.
        if node.parent?.is(MemberBlockItemSyntax.self) == true, node.boundNames.contains(where: FactExtractor.isViewModelPropertyName) {
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let type = node.calledExpression.calledTypeName else { return .visitChildren }
        // `_viewModel = StateObject(wrappedValue: ViewModel())` in init is the property's initial value.
        if ["StateObject", "State", "ObservedObject", "Bindable"].contains(type) {
            return .skipChildren
        }
        calls.append((node, type))
        return .visitChildren
    }
}
