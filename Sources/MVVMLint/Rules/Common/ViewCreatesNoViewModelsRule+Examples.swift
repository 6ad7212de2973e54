/// The code ``ViewCreatesNoViewModelsRule`` accepts, written out as examples that run as its
/// tests: a view owning its one view model however it makes it, previews, and objects that are
/// no view model.
extension ViewCreatesNoViewModelsRule {
    static let nonTriggeringExamples: [RuleExample] = [
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
        // The view's one observed object, observed rather than owned or kept in a plain
        // property, is still its own when the view gives it its initial value.
        RuleExample("""
            import SwiftUI
            struct SettingsView: View {
                @ObservedObject var model = SettingsModel()
                @State private var isShowingHelp = false
                var body: some View { Toggle("Sync", isOn: $model.isSyncOn) }
            }
            """, extraFiles: ["Sources/App/SettingsModel.swift": """
            import Combine
            final class SettingsModel: ObservableObject {
                @Published var isSyncOn = false
            }
            """]),
        RuleExample("""
            import SwiftUI
            import UIKit
            struct ProfileView: View {
                private let formatter = NumberFormatter()
                private var model = ProfileViewModel()
                var body: some View {
                    Text(model.name)
                        .foregroundColor(Color(UIColor.secondaryLabel))
                }
            }
            """),
        // Made in `init`: assigned directly, or built in a local that a failable initialiser
        // hands to the one it delegates to.
        RuleExample("""
            struct DetailView: View {
                @ObservedObject private(set) var model: DetailModel
                @Environment(\\.dismiss) private var dismiss
                init(id: Int) {
                    self.model = DetailModel(id: id)
                }
                var body: some View { Text(model.title) }
            }
            """, extraFiles: ["Sources/App/DetailModel.swift": """
            import Combine
            final class DetailModel: ObservableObject {
                @Published private(set) var title = ""
                init(id: Int) {}
            }
            """]),
        RuleExample("""
            struct ReceiptView: View {
                @ObservedObject var viewModel: ReceiptViewModel
                init(viewModel: ReceiptViewModel) {
                    self.viewModel = viewModel
                }
                init(order: Order) {
                    viewModel = ReceiptViewModel(order: order)
                }
                init?(receiptID: String?) {
                    guard let receiptID else { return nil }
                    let viewModel = ReceiptViewModel(id: receiptID)
                    self.init(viewModel: viewModel)
                }
                var body: some View { Text(viewModel.total) }
            }
            """),
        // A view nested in a preview provider builds the previewed view model: it is a preview.
        RuleExample("""
            struct CounterView_Previews: PreviewProvider {
                struct Host: View {
                    @State private var isEnabled = true
                    var body: some View {
                        CounterView(viewModel: CounterViewModel(isEnabled: isEnabled))
                    }
                }
                static var previews: some View { Host() }
            }
            """),
    ]
}
