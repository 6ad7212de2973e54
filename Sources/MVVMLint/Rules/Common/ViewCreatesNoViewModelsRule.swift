import SwiftSyntax

/// Views get child view models from their own view model.
struct ViewCreatesNoViewModelsRule: FileRule {
    static let description = RuleDescription(
        id: "view-creates-no-view-models",
        summary: "A view does not construct view models; a child's view model comes from the view's own view model.",
        rationale: """
            The responder rule book's rule 6 lets a view create the next view but not that view's view model, and the triad write-up's \
            Home view asks its view model for `makeItemListViewModel()`: the view-model tree, not the UI, is \
            the app's hierarchy. An implicit `.init(...)` counts when what receives it says it is a view \
            model: an argument labelled `viewModel:` (in a `.sheet`, a `ForEach` or a `NavigationLink` \
            destination alike) of a view that keeps a view model, a class, under that name (a row's \
            value struct named `ViewModel` is a plain value), or a property or constant annotated with \
            a view model type. The initial \
            value of a view's own view-model property (however it is spelled, and an object the view owns \
            with `@State` or `@StateObject` when no property is named as its view model), app roots and previews \
            are exempt. Objects that are no view model may be made anywhere: a helper a view owns beside \
            its view model (a focus coordinator), or a router that several views own and share through \
            the environment (made afresh for a disabled preview).
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
            RuleExample("""
                struct LibraryView: View {
                    @State private var viewModel: LibraryViewModel = .init()
                    @State private var player: PlayerViewModel = ↓.init(track: nil)
                    @State private var isShowingDetail = false
                    var body: some View {
                        List {
                            ForEach(viewModel.books) { book in
                                NavigationLink {
                                    BookView(viewModel: ↓.init(book: book))
                                } label: { Text(book.title) }
                            }
                        }
                        .sheet(isPresented: $isShowingDetail) {
                            PlayerView(
                                viewModel:
                                    ↓.init(track: viewModel.current)
                            )
                        }
                    }
                }
                """, extraFiles: ["Sources/App/Children.swift": """
                import SwiftUI
                struct BookView: View {
                    @StateObject var viewModel: BookViewModel
                    var body: some View { Text(viewModel.title) }
                }
                struct PlayerView: View {
                    @State var viewModel: PlayerViewModel
                    var body: some View { Text(viewModel.title) }
                }
                @Observable final class PlayerViewModel {}
                final class BookViewModel: ObservableObject {}
                """]),
        ],
        nonTriggering: [
            // A wrapper only this file's previews use builds the preview's state.
            RuleExample("""
                private struct ProfilePreviewHost: View {
                    @State private var session = Session()
                    var body: some View {
                        ProfileView(viewModel: ProfileViewModel(session: session))
                    }
                }
                #Preview {
                    ProfilePreviewHost()
                }
                """),
            // The view's own view model under another name.
            RuleExample("""
                struct SettingsView: View {
                    @StateObject private var model = SettingsViewModel()
                    var body: some View { Text(model.title) }
                }
                """),
            RuleExample("""
                struct HomeView: View {
                    @StateObject private var viewModel: HomeViewModel
                    init(viewModel: HomeViewModel = HomeViewModel()) {
                        _viewModel = StateObject(wrappedValue: viewModel)
                    }
                    var body: some View { Text(viewModel.title) }
                }
                """),
            RuleExample("""
                struct GaugePreview: View {
                    @StateObject private var renderer: GaugeRenderer
                    init(server: String) {
                        let model = GaugeRenderer(server: server)
                        _renderer = StateObject(wrappedValue: model)
                    }
                    var body: some View { Text(renderer.text) }
                }
                """, extraFiles: ["Sources/App/GaugeRenderer.swift": """
                import Combine
                final class GaugeRenderer: ObservableObject {
                    @Published private(set) var text = ""
                    init(server: String) {}
                }
                """]),
            RuleExample("""
                import SwiftUI
                struct SearchView: View {
                    @ObservedObject var viewModel: SearchViewModel
                    @StateObject private var focusCoordinator: FocusCoordinator = .init()
                    var body: some View { Text(viewModel.query) }
                }
                """, extraFiles: ["Sources/App/FocusCoordinator.swift": """
                import Combine
                final class FocusCoordinator: ObservableObject {
                    @Published private(set) var focusedID: String?
                }
                """]),
            RuleExample("""
                import SwiftUI
                struct ComposerView: View {
                    var body: some View {
                        StatusPreview(routerPath: RouterPath()).disabled(true)
                    }
                }
                """, extraFiles: ["Sources/App/Tabs.swift": """
                import SwiftUI
                @Observable final class RouterPath { var path: [Int] = [] }
                struct HomeTab: View {
                    @State private var routerPath = RouterPath()
                    var body: some View { Text("Home").environment(routerPath) }
                }
                struct SearchTab: View {
                    @State private var routerPath = RouterPath()
                    var body: some View { Text("Search").environment(routerPath) }
                }
                struct StatusRow: View {
                    @Environment(RouterPath.self) private var routerPath
                    var body: some View { Text("Status") }
                }
                """]),
            RuleExample("""
                import SwiftUI
                struct MainTabView: View {
                    @StateObject private var tabCoordinator: TabCoordinator
                    init() { _tabCoordinator = StateObject(wrappedValue: Self.defaultCoordinator()) }
                    private static func defaultCoordinator() -> TabCoordinator { TabCoordinator(tabs: [.home, .search]) }
                    var body: some View { Text("") }
                }
                """, extraFiles: ["Sources/App/TabCoordinator.swift": """
                final class TabCoordinator: ObservableObject {}
                """]),
            RuleExample("""
                import SwiftUI
                struct ExploreTab: View {
                    @State private var routerPath = RouterPath()
                    @StateObject private var coordinator: TabCoordinator
                    init() { _coordinator = .init(wrappedValue: TabCoordinator()) }
                    var body: some View { NavigationStack(path: $routerPath.path) { Text("") } }
                }
                """, extraFiles: ["Sources/App/Navigation.swift": """
                import Observation
                @Observable final class RouterPath { var path: [Int] = [] }
                final class TabCoordinator: ObservableObject {}
                """]),
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
            RuleExample("""
                struct ProfileView: View {
                    @StateObject private var viewModel: ProfileViewModel = .init()
                    @State private var draft: Draft = .init(title: "")
                    var body: some View {
                        AvatarView(style: .init(size: 40), url: viewModel.avatarURL)
                            .padding(.init(top: 4, leading: 8, bottom: 4, trailing: 8))
                    }
                }
                """),
            RuleExample("""
                #Preview {
                    BookView(viewModel: .init(book: .sample))
                }
                """),
            RuleExample("""
                struct InboxView: View {
                    @State private var viewModel = InboxViewModel()
                    var body: some View {
                        ForEach(viewModel.messages) { message in
                            MessageRow(viewModel: .init(title: message.title, isUnread: message.isUnread))
                        }
                    }
                }
                """, extraFiles: ["Sources/App/MessageRow.swift": """
                import SwiftUI
                struct MessageRow: View {
                    struct ViewModel {
                        let title: String
                        let isUnread: Bool
                    }
                    let viewModel: ViewModel
                    var body: some View { Text(viewModel.title) }
                }
                """]),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.viewCandidates.filter { !ArchitectureVocabulary.isRootOrPreview($0, in: file) }.flatMap { decl in
            let finder = ViewModelCreationFinder(
                // The same test role resolution uses: a constant holding a child's row view model
                // (`previewStatusViewModel`) does not make the view's own state object an extra.
                ownsNamedViewModel: decl.properties.contains(where: FactExtractor.isOwnViewModel),
                hasViewModelProperty: decl.properties.contains { $0.boundNames.contains(where: RoleVocabulary.isViewModelPropertyName) }
            )
            finder.walkMembers(of: decl)
            return finder.calls.map { call, created in
                let what: String, factory: String, condition: RoleCondition?
                switch created {
                case .type(let type):
                    (what, factory, condition) = ("the view model '\(type)'", "make\(type)", RoleCondition(type, is: .viewModel))
                case .argument(let receiver):
                    // `.init(...)` handed to a `viewModel:` parameter names no type: the label says
                    // what it is, if the receiving view keeps a view model (a class) under it.
                    (what, factory, condition) = ("a view model with '.init(...)'", "make...ViewModel", receiver.map { RoleCondition($0, is: .viewModelOwner) })
                }
                return file.report(
                    Self.description, at: call,
                    "View '\(decl.typeName)' creates \(what); get it from its own view model instead.",
                    hint: "Add a `\(factory)()` factory or a child property to the view's view model.",
                    when: ArchitectureVocabulary.viewConditions(decl) + (condition.map { [$0] } ?? [])
                )
            }
        }
    }
}

private final class ViewModelCreationFinder: ViewMemberVisitor {
    /// What a creation makes: a named type, or whatever a view takes as its `viewModel:`.
    enum Created {
        case type(String)
        case argument(to: String?)
    }

    /// Each creation, with what it makes.
    var calls: [(FunctionCallExprSyntax, Created)] = []

    /// Whether the view has a property named as its view model (`viewModel`).
    private let ownsNamedViewModel: Bool
    /// Whether a property is named as the view's view model (`viewModel`).
    private let hasViewModelProperty: Bool

    init(ownsNamedViewModel: Bool, hasViewModelProperty: Bool) {
        self.ownsNamedViewModel = ownsNamedViewModel
        self.hasViewModelProperty = hasViewModelProperty
        super.init()
    }

    // A static member of a view is a factory for its own initial state (`_coordinator =
    // StateObject(wrappedValue: Self.makeCoordinator())`), not part of what it renders.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.modifiers.contains(.static) ? .skipChildren : .visitChildren
    }

    /// Locals of the initialiser being walked whose value becomes a property wrapper's initial
    /// value (`let model = Model(); _model = StateObject(wrappedValue: model)`).
    private var wrappedLocals: Set<String> = []

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let finder = WrappedValueFinder(viewMode: .sourceAccurate)
        if let body = node.body { finder.walk(body) }
        wrappedLocals = finder.names
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) {
        wrappedLocals = []
    }

    // A default argument of the view's initialiser (`init(viewModel: Model = Model())`) is the
    // view's own object made on its caller's behalf.
    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        node.parent?.parent?.parent?.parent?.is(InitializerDeclSyntax.self) == true ? .skipChildren : .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.is(MemberBlockItemSyntax.self) == true, node.isStatic {
            return .skipChildren
        }
        if node.parent?.is(MemberBlockItemSyntax.self) != true, node.boundNames.contains(where: wrappedLocals.contains) {
            return .skipChildren
        }
        // The initial value of the view's own view model property is its 1:1 view model.
        // So is an object the view owns (`@State private var router = Router()`) when no
        // property is named as its view model: whatever its name, it is the view's own.
        // With no property named as its view model, an owned `*ViewModel` under another name
        // (`@StateObject private var model = SettingsViewModel()`) is the view's own too.
        if node.parent?.is(MemberBlockItemSyntax.self) == true,
           node.boundNames.contains(where: RoleVocabulary.isViewModelPropertyName)
            || (!hasViewModelProperty && FactExtractor.isOwnViewModel(node))
            || (!ownsNamedViewModel && (node.attributes.contains(named: "State") || node.attributes.contains(named: "StateObject"))) {
            return .skipChildren
        }
        // `var detail: DetailViewModel = .init()`: the annotation names what `.init` creates.
        for binding in node.bindings {
            if let type = binding.typeAnnotation?.type, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
               call.isImplicitInit, let name = Self.plainTypeName(type) {
                calls.append((call, .type(name)))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        // `ChildView(viewModel: .init(...))`: the parameter's label says what is created.
        if let label = node.label?.text, RoleVocabulary.isViewModelPropertyName(label),
           let call = node.expression.as(FunctionCallExprSyntax.self), call.isImplicitInit {
            // A view's initialiser: what the view keeps under that name says what `.init` makes.
            // A function's (`.route(viewModel: .init(...))`): the label alone says it.
            let receiver = node.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.calledTypeName
            calls.append((call, .argument(to: receiver)))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `_router = .init(initialValue: Router())` in init is a property wrapper's initial value.
        if node.isImplicitInit, node.wrappedValueArgument != nil {
            return .skipChildren
        }
        guard let type = node.calledExpression.calledTypeName else { return .visitChildren }
        // `_viewModel = StateObject(wrappedValue: ViewModel())` in init is the property's initial value.
        if RoleVocabulary.ownershipWrappers.contains(type) {
            return .skipChildren
        }
        calls.append((node, .type(type)))
        return .visitChildren
    }

    /// `T` of an annotation `T` or `T?`; nothing for collections and other shapes.
    private static func plainTypeName(_ type: TypeSyntax) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) {
            return plainTypeName(optional.wrappedType)
        }
        if type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) {
            return type.simpleName
        }
        return nil
    }
}

/// Finds the names whose value an initialiser hands to a property wrapper: `x` and `x()` in
/// `_model = StateObject(wrappedValue: x)`, `State(initialValue: x())` or `.init(wrappedValue: x)`.
private final class WrappedValueFinder: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let wrapped = node.wrappedValueArgument,
              node.isImplicitInit || RoleVocabulary.ownershipWrappers.contains(node.calledExpression.calledTypeName ?? "")
        else { return .visitChildren }
        let value = wrapped.as(FunctionCallExprSyntax.self)?.calledExpression ?? wrapped
        if let reference = value.as(DeclReferenceExprSyntax.self) {
            names.insert(reference.baseName.text)
        }
        return .visitChildren
    }
}
