/// The code ``LayeringRule`` accepts, written out as examples that run as its tests: the
/// roles and front ends that may hold view models or UI types.
extension LayeringRule {
    static let nonTriggeringExamples: [RuleExample] = [
        // A qualified name resolves through its qualifier: `Analytics.Screen` is no view.
        RuleExample("""
            @MainActor @Observable final class AnalyticsViewModel {
                private(set) var current: Analytics.Screen?
            }
            """, extraFiles: ["Sources/App/Screen.swift": """
            import SwiftUI
            struct Screen: View { var body: some View { Text("") } }
            enum Analytics { enum Screen { case home } }
            """]),
        // A view model's state, whatever its name: a bindings struct, a screen's sections
        // and their rows, all made of what the view model stores.
        RuleExample("""
            struct FeedBindings {
                var composer: ComposerViewModel?
            }
            struct FeedSection {
                let title: String
                let rows: [RowViewModel]
            }
            """, extraFiles: ["Sources/App/FeedViewModel.swift": """
            import Observation
            @MainActor @Observable final class FeedViewModel {
                private(set) var bindings = FeedBindings()
                private(set) var sections: [FeedSection] = []
            }
            @MainActor @Observable final class ComposerViewModel {}
            @MainActor @Observable final class RowViewModel {}
            """]),
        // A flow's parameters, which its coordinator is built from.
        RuleExample("""
            struct ProfileCoordinatorParameters {
                let router: NavigationRouter
                let parentViewModel: HomeViewModel
            }
            final class ProfileCoordinator {
                private let parameters: ProfileCoordinatorParameters
                init(parameters: ProfileCoordinatorParameters) { self.parameters = parameters }
            }
            """),
        // A flow that hosts its screen in a hosting controller presents the view model.
        RuleExample("""
            import SwiftUI
            import UIKit
            final class SettingsFlow {
                private let viewModel: SettingsViewModel
                init(viewModel: SettingsViewModel) { self.viewModel = viewModel }
                func start(from controller: UIViewController) {
                    controller.present(UIHostingController(rootView: SettingsView(viewModel: viewModel)), animated: true)
                }
            }
            """),
        // A UIKit view whose base class comes from a charts package.
        RuleExample("""
            import DGCharts
            final class BalanceChart: LineChartView {
                let viewModel: BalanceViewModel
                init(viewModel: BalanceViewModel) {
                    self.viewModel = viewModel
                    super.init(frame: .zero)
                }
                required init?(coder: NSCoder) { nil }
            }
            """),
        // A model object a view is handed and keeps in `@State` stays a model: the view does
        // not own it, so it is no view model, and a model may store it.
        RuleExample("""
            struct Report {
                let creator: Person
                var reason: String
            }
            """, extraFiles: ["Sources/App/Person.swift": """
            import SwiftUI
            @Observable final class Person {
                var name = ""
            }
            struct PersonView: View {
                @State var person: Person
                var body: some View { Text(person.name) }
            }
            struct ProfileView: View {
                @State private var person: Person
                init(person: Person) {
                    _person = State(initialValue: person)
                }
                var body: some View { Text(person.name) }
            }
            """]),
        // Also when one view alone keeps it and a view model stores it too: a model stores it,
        // so it is a model the view model shows, not a child view model handed down.
        RuleExample("""
            struct Report {
                let creator: Person
            }
            """, extraFiles: ["Sources/App/Person.swift": """
            import SwiftUI
            @Observable final class Person {
                var name = ""
            }
            @MainActor @Observable final class FeedViewModel {
                private(set) var author: Person?
            }
            struct PersonView: View {
                @State var person: Person
                var body: some View { Text(person.name) }
            }
            """]),
        // CarPlay's view controller: a template it pushes, and the view model it presents.
        RuleExample("""
            import CarPlay
            final class DomainsTemplate {
                let template: CPListTemplate
                weak var interfaceController: CPInterfaceController?
                private let viewModel: DomainsViewModel
                init(viewModel: DomainsViewModel) {
                    self.viewModel = viewModel
                    template = CPListTemplate(title: "Domains", sections: [])
                }
            }
            """),
        // A struct is no view model, whatever its extensions take and return.
        RuleExample("""
            import SwiftUI
            struct SettingsSnapshot {
                var theme = 1
            }
            extension SettingsSnapshot {
                func makePreview(in frame: CGRect) -> SettingsView { SettingsView() }
                static func == (lhs: SettingsSnapshot, rhs: SettingsSnapshot) -> Bool { lhs.theme == rhs.theme }
            }
            struct SettingsView: View {
                var body: some View { Text("Settings") }
            }
            """),
        RuleExample("""
            import SwiftUI
            struct CropController: UIViewControllerRepresentable {
                let coordinator: Coordinator
                final class Coordinator: NSObject, ObservableObject, CropViewControllerDelegate {
                    @Published var hasChanges = false
                    var image: UIImage?
                    func cropViewController(_ controller: CropViewController, didCrop image: UIImage) {}
                }
                func makeUIViewController(context: Context) -> CropViewController { CropViewController() }
                func updateUIViewController(_ controller: CropViewController, context: Context) {}
            }
            """, extraFiles: ["Sources/App/PhotoCropView.swift": """
            import SwiftUI
            struct PhotoCropView: View {
                @StateObject private var coordinator = CropController.Coordinator()
                var body: some View { CropController(coordinator: coordinator) }
            }
            """]),
        RuleExample("""
            struct SearchGroupProvider: ContentGroupProvider {
                let filterViewModel: FilterViewModel
            }
            """, extraFiles: ["Sources/App/FilterViewModel.swift": """
            import Observation
            @MainActor @Observable final class FilterViewModel {}
            """]),
        RuleExample("""
            import SwiftUI
            struct ToolbarTab: ToolbarContent {
                let routerPath: RouterPath
                var body: some ToolbarContent { ToolbarItem { Text("") } }
            }
            struct EpisodeGroup: ContentGroup {
                let viewModel: SeasonViewModel
                func body(with viewModel: SeasonViewModel) -> Body { Body(viewModel: viewModel) }
                struct Body: View {
                    let viewModel: SeasonViewModel
                    var body: some View { Text(viewModel.title) }
                }
            }
            """, extraFiles: ["Sources/App/Navigation.swift": """
            import SwiftUI
            @Observable final class RouterPath {}
            struct RootView: View {
                @State private var routerPath = RouterPath()
                var body: some View { Text("") }
            }
            """]),
        RuleExample("""
            @MainActor @Observable
            final class IssueViewModel {
                private(set) var label: Label?
                private(set) var avatar: Image?
            }
            """, extraFiles: ["Sources/App/Models.swift": """
            struct Label: Decodable { let name: String; let color: String }
            struct Image: Decodable { let url: URL }
            """]),
        RuleExample("""
            @MainActor @Observable
            final class BannerViewModel {
                private(set) var title = "Hi"
                private(set) var iconName = "star"
            }
            """),
        RuleExample("""
            @MainActor @Observable
            final class HomeViewModel {
                func makeProfileViewModel() -> ProfileViewModel { ProfileViewModel() }
                enum Destination { case profile(ProfileViewModel) }
            }
            """),
        RuleExample("""
            final class OrderViewController: UIViewController {
                private let viewModel: OrderViewModel
            }
            final class OrderCellHost: UICollectionViewCell {
                var viewModel: OrderRowViewModel?
            }
            """),
        RuleExample("""
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var root: AppViewModel?
            }
            """),
        RuleExample("""
            import SwiftUI
            struct Theme {
                var tint: Color
                var bodyFont: Font
            }
            @MainActor @Observable
            final class GreetingViewModel {
                private(set) var title: LocalizedStringKey = "Hello"
                private(set) var body = AttributedString("Welcome")
                private let results: NSFetchedResultsController<Item>
                private(set) var badgeColor: Color?
                init(results: NSFetchedResultsController<Item>) { self.results = results }
            }
            """, extraFiles: ["Sources/App/Color.swift": """
            struct Color: Decodable { let hex: String }
            """]),
        RuleExample("""
            import AppIntents
            import SwiftUI
            import UIKit
            struct RefreshOnAppear: ViewModifier {
                let viewModel: FeedViewModel
                func body(content: Content) -> some View { content.task { viewModel.send(.refresh) } }
            }
            struct PlayIntent: AudioPlaybackIntent {
                static let title: LocalizedStringResource = "Play"
                var player: PlayerViewModel?
                func perform() async throws -> some IntentResult { .result() }
            }
            struct StatusRowConfiguration {
                var viewModel: StatusRowViewModel
            }
            extension StatusRowConfiguration: UIContentConfiguration {
                func makeContentView() -> any UIView & UIContentView { fatalError() }
                func updated(for state: any UIConfigurationState) -> Self { self }
            }
            """),
        RuleExample("""
            import SwiftUI
            struct StatusAccessibilityLabel {
                let viewModel: StatusRowViewModel
                func label() -> Text { Text(viewModel.author) }
            }
            struct RecommendationCellConfiguration: HomeCarouselCellConfiguration {
                let viewModel: HomeItemCellViewModel
            }
            """),
        RuleExample("""
            @MainActor @Observable
            final class InboxViewModel {
                struct State { var detail: MessageViewModel? }
                private(set) var state = State()
            }
            struct InboxViewState {
                var rows: [MessageRowViewModel]
            }
            enum Destination {
                case message(MessageViewModel)
            }
            struct InboxDestination {
                var viewModel: MessageViewModel
            }
            """),
        RuleExample("""
            import SwiftUI
            struct SampleInbox {
                let viewModel: InboxViewModel
            }
            struct InboxView_Previews: PreviewProvider {
                static var previews: some View { InboxView(viewModel: SampleInbox(viewModel: InboxViewModel()).viewModel) }
            }
            #Preview {
                InboxView(viewModel: SampleInbox(viewModel: InboxViewModel()).viewModel)
            }
            struct ComposerPreview {
                var viewModel: ComposerViewModel
            }
            """),
        RuleExample("""
            @main
            struct ShopApp: App {
                let viewModel = OrderViewModel()
                var body: some Scene { WindowGroup { OrderView(viewModel: viewModel) } }
            }
            """),
    ]
}
