import SwiftSyntax

/// Concrete view models are `final`.
struct ViewModelFinalRule: FileRule {
    static let description = RuleDescription(
        id: "view-model-final",
        summary: "Concrete view model classes are final.",
        rationale: """
            The triad write-up declares every view model `final class`: a view model is one screen's logic, not a \
            base for others, and the Observation macro works on final classes. Classes other classes in \
            the project inherit from are base classes and exempt; `open` alone is not an exemption (the \
            fix makes an `open` class `public final`).
            """,
        presets: .common, defaultSeverity: .warning, isFixable: true,
        triggering: [
            // Made in `init` through a factory whose result a local keeps.
            RuleExample("""
                import Observation
                @Observable class ↓ReplyLoader {}
                """, extraFiles: ["Sources/App/InboxView.swift": """
                import SwiftUI
                struct InboxView: View {
                    @State var replies: ReplyLoader
                    init() {
                        let loaders = InboxLoaders.make()
                        _replies = .init(wrappedValue: loaders.replies)
                    }
                    var body: some View { Text("") }
                }
                """]),
            // Made by the view later, not handed to it: the view owns it.
            RuleExample("""
                import Observation
                @Observable class ↓FeedLoader {
                    var items: [String] = []
                    init(api: String) async throws {}
                }
                """, extraFiles: ["Sources/App/FeedsView.swift": """
                import SwiftUI
                struct FeedsView: View {
                    @State var loader: FeedLoader?
                    var body: some View {
                        List {}.task {
                            if loader == nil { loader = try? await .init(api: "main") }
                        }
                    }
                }
                """]),
            // Made in `init`, under a condition.
            RuleExample("""
                import Observation
                @Observable class ↓PersonFeedLoader {
                    init(api: String) {}
                }
                """, extraFiles: ["Sources/App/PersonView.swift": """
                import SwiftUI
                struct PersonView: View {
                    @State var feedLoader: PersonFeedLoader?
                    init(api: String, isLocal: Bool) {
                        if isLocal {
                            _feedLoader = .init(wrappedValue: .init(api: api))
                        }
                    }
                    var body: some View { Text("") }
                }
                """]),
            RuleExample("""
                @MainActor @Observable
                class ↓ProfileViewModel {
                    var name = ""
                }
                """),
            RuleExample("""
                @MainActor @Observable
                class ↓ItemListViewModel: ItemListViewModeling {
                    var items: [String] = []
                }
                """, fixed: """
                @MainActor @Observable
                final class ItemListViewModel: ItemListViewModeling {
                    var items: [String] = []
                }
                """),
            RuleExample("""
                @MainActor
                class ViewModel: ObservableObject {
                    @Published var isLoading = false
                }
                class ↓Settings: ViewModel {}
                """),
            RuleExample("""
                @MainActor @Observable
                open class ↓ScreenViewModel {
                    public var title = ""
                }
                """, fixed: """
                @MainActor @Observable
                public final class ScreenViewModel {
                    public var title = ""
                }
                """),
        ],
        nonTriggering: [
            // A navigation layer the root makes and hands to the views of its stack, which read
            // it from the environment too: shared navigation state, not one view's view model.
            RuleExample("""
                import Observation
                @Observable class NavigationLayer {
                    var path: [String] = []
                }
                """, extraFiles: ["Sources/App/Navigation.swift": """
                import SwiftUI
                struct RootView: View {
                    @State var layer: NavigationLayer
                    init() { _layer = .init(wrappedValue: .init()) }
                    var body: some View { LayerView(layer: layer).environment(layer) }
                }
                struct LayerView: View {
                    @State var layer: NavigationLayer
                    var body: some View { Text("\\(layer.path.count)") }
                }
                struct BackButton: View {
                    @Environment(NavigationLayer.self) private var layer
                    var body: some View { Text("Back") }
                }
                """]),
            RuleExample("""
                @MainActor
                class BaseFetchViewModel<Value>: ObservableObject {
                    @Published private(set) var value: Value?
                    func fetch() async throws -> Value {
                        fatalError("Subclasses fetch their value")
                    }
                }
                """),
            RuleExample("""
                import Combine
                class BannerPresenter: ObservableObject {
                    @Published var isPresented = false
                }
                """, extraFiles: ["Sources/App/MainView.swift": """
                import SwiftUI
                struct MainView: View {
                    @ObservedObject var model: MainViewModel
                    @ObservedObject var bannerPresenter: BannerPresenter
                    var body: some View { Text(model.title) }
                }
                """]),
            RuleExample("""
                @MainActor @Observable
                final class ProfileViewModel {
                    var name = ""
                }
                """),
            RuleExample("""
                @MainActor
                class BaseViewModel: ObservableObject {
                    @Published private(set) var isLoading = false
                }
                """, extraFiles: ["Sources/App/Search.swift": """
                @MainActor
                final class SearchViewModel: BaseViewModel {}
                """]),
            RuleExample("""
                @MainActor
                open class ScreenViewModel: ObservableObject {
                    @Published public private(set) var isLoading = false
                }
                """, extraFiles: ["Sources/App/Feed.swift": """
                @MainActor
                final class FeedViewModel: ScreenViewModel {}
                """]),
            RuleExample("""
                @MainActor @Observable
                class BaseViewModel<State> {
                    private(set) var state: State
                    init(state: State) { self.state = state }
                }
                """, extraFiles: ["Sources/App/SearchViewModel.swift": """
                typealias SearchBase = BaseViewModel<SearchState>
                final class SearchViewModel: SearchBase {}
                """]),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.declarations(ClassDeclSyntax.self).compactMap { decl in
            // `open` alone does not make a base class: only a subclass in the project does, or a
            // method left for subclasses to write (its body only `fatalError(...)`).
            guard !decl.modifiers.contains(.final), !Self.hasAbstractMethod(decl) else { return nil }
            // `final` cannot follow `open`; the fix replaces it with `public`.
            let fix: [TextEdit]
            if let openModifier = decl.modifiers.first(where: { $0.name.tokenKind == .keyword(.open) }) {
                fix = [.replace(openModifier.name, with: "public final")]
            } else {
                fix = [.insert("final ", at: decl.classKeyword.positionAfterSkippingLeadingTrivia)]
            }
            return file.report(
                Self.description, at: decl.name,
                "View model '\(decl.name.text)' is not final.",
                hint: "Declare it `final class`.",
                fix: fix,
                when: ArchitectureVocabulary.viewModelConditions(decl)
                    + [RoleCondition(decl.qualifiedTypeName, is: .baseClass, holds: false)]
            )
        }
    }

    /// Whether a method of the class only traps (`fatalError("override me")`): the class is an
    /// abstract base waiting for its subclasses, even before the first one is written.
    static func hasAbstractMethod(_ decl: ClassDeclSyntax) -> Bool {
        decl.functions.contains { function in
            guard let statements = function.body?.statements, statements.count == 1,
                  let call = statements.first?.item.as(FunctionCallExprSyntax.self) ?? statements.first?.item
                      .as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
                  let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return false }
            return ["fatalError", "preconditionFailure"].contains(callee.baseName.text)
        }
    }
}
