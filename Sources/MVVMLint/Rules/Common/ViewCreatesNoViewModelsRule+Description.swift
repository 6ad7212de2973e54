/// The rule book entry of ``ViewCreatesNoViewModelsRule``: its documentation, and the examples that run as its tests.
extension ViewCreatesNoViewModelsRule {
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
}
