import SwiftSyntax

/// References point down: view models hold no UI, models hold no view models or views.
struct LayeringRule: FileRule {
    static let description = RuleDescription(
        id: "layering",
        summary: "A view model holds no view or UI type; a model stores no view model or view.",
        rationale: """
            The DevConfiguration architecture notes want view models portable enough to drive non-visual interfaces and models that know \
            nothing of the layers above. A `Text` or a view type inside a view model ties it to SwiftUI; a \
            model storing a view model inverts the direction of references. UI framework types count \
            (`Color`, `Font`, `UIImage`, `UIColor`, UIKit and AppKit views, controllers and configurations \
            such as `UIButton.Configuration`, `some View`), unless the app declares its own type of that \
            name; text types (`LocalizedStringKey`, `AttributedString`) are data. A reference inside a \
            generic argument counts (`[String: XViewModel]`, `Optional<X>`, arrays, tuples). Only view \
            models are restricted from UI types: a theme model may hold a `Color`. Front ends are no \
            models (controllers, cells and their content configurations, delegates, view modifiers, \
            styles, representables, App Intents, helpers whose members return `Text` or views), nor \
            are types that wire layers together (`*Coordinator`, `*Router`, `*Container`, `*Provider`, \
            `*Factory`, `*Dependencies`), nor is a view model's state (`*State`, \
            `*ViewState`, a `Destination`) or a preview wrapper (`*Preview`, `*Previews`, or a type only \
            previews use): each may hold view models.
            """,
        presets: .common, defaultSeverity: .error,
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class BannerViewModel {
                    var title: ↓Text = Text("Hi")
                    func makeIcon() -> ↓AnyView { AnyView(EmptyView()) }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class ProfileViewModel {
                    var header: ↓ProfileHeaderView?
                }
                """, extraFiles: ["Sources/App/ProfileHeaderView.swift": """
                import SwiftUI
                struct ProfileHeaderView: View { var body: some View { EmptyView() } }
                """]),
            RuleExample("""
                struct Order {
                    let id: Int
                    var screen: ↓OrderViewModel
                }
                """),
            RuleExample("""
                import SwiftUI
                import UIKit
                @MainActor @Observable
                final class ComposerViewModel {
                    private(set) var tint: ↓Color = .blue
                    private(set) var titleFont: ↓Font?
                    private(set) var avatar: ↓UIImage?
                    private(set) var attachments: [String: ↓UIImage] = [:]
                    private(set) var sendButton: ↓UIButton.Configuration = .filled()
                    private(set) var preview: ↓UIImageView?
                    private(set) var highlight: ↓UIColor?
                    func makeToolbar() -> ↓some View { EmptyView() }
                }
                """),
            RuleExample("""
                struct Session {
                    var screens: [String: ↓ScreenViewModel]
                    var rows: [↓RowViewModel] = []
                    var detail: Optional<↓DetailViewModel>
                    var sheet: (title: String, model: ↓SheetViewModel)?
                }
                """),
        ],
        nonTriggering: [
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
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.viewModelCandidates {
            // Settled once per declaration: its qualified name walks up the tree.
            let isViewModel = ArchitectureVocabulary.viewModelConditions(decl)
            for written in WrittenTypes.typeReferences(in: decl.memberBlock.members) {
                for reference in WrittenTypes.leafTypes(in: written) {
                    let name = reference.simpleName
                    if let uiName = WrittenTypes.uiTypeName(reference) {
                        // An app's own `Image` or `Label` model is plain data.
                        found.append(file.report(
                            Self.description, at: reference,
                            "View model '\(decl.typeName)' holds the UI type '\(reference.trimmedText)'; expose plain data instead.",
                            when: isViewModel + [RoleCondition(uiName, is: .declared, holds: false)]
                        ))
                    } else if WrittenTypes.isSomeView(reference) {
                        found.append(file.report(
                            Self.description, at: reference,
                            "View model '\(decl.typeName)' holds the UI type '\(reference.trimmedText)'; expose plain data instead.",
                            when: isViewModel
                        ))
                    } else if name != decl.typeName && WrittenTypes.mayNameProjectType(name) {
                        // `Analytics.Screen` is resolved through its qualifier, never taken for a view `Screen`.
                        found.append(file.report(
                            Self.description, at: reference,
                            "View model '\(decl.typeName)' references the view '\(name)'; a view model never knows its views.",
                            when: isViewModel + [RoleCondition(reference.writtenName, is: .view)]
                        ))
                    }
                }
            }
        }
        // Models: top-level types that store view models or views.
        let conformances = NonModelShapes.sameFileConformances(file)
        for decl in file.declarations where decl.enclosingDeclGroup == nil && !decl.is(ExtensionDeclSyntax.self) && !decl.is(ProtocolDeclSyntax.self) {
            // Most declarations store nothing that could be a view or a view model: find that
            // out before asking the costlier questions of what the declaration is.
            let stored = decl.properties.filter { property in
                property.isStored && !property.isStatic
                    && property.declaredType.map { WrittenTypes.leafTypes(in: $0).contains { WrittenTypes.mayNameProjectType($0.simpleName) } } == true
            }
            guard !stored.isEmpty else { continue }
            let inherited = conformances[decl.typeName] ?? []
            if ArchitectureVocabulary.isRootOrPreview(decl) || decl.typeName.hasAnySuffix(NonModelShapes.compositionSuffixes)
                || NonModelShapes.isFrontEnd(decl, inherited: inherited) || decl.typeName.hasAnySuffix(NonModelShapes.viewModelStateSuffixes)
                || NonModelShapes.makesUI(decl) {
                continue
            }
            var pending: [PendingDiagnostic] = []
            for property in stored {
                guard let type = property.declaredType else { continue }
                for reference in WrittenTypes.leafTypes(in: type) {
                    let name = reference.simpleName
                    guard WrittenTypes.mayNameProjectType(name) else { continue }
                    let model = decl.typeName
                    for role in [Role.viewModel, .view] {
                        pending.append(file.report(
                            Self.description, at: reference,
                            "Model '\(model)' stores the \(role == .view ? "view" : "view model") '\(name)'; models never reference the layers above them.",
                            when: [RoleCondition(model, is: .viewModel, holds: false), RoleCondition(model, is: .view, holds: false),
                                   RoleCondition(model, is: .upperLayerValue, holds: false), RoleCondition(reference.writtenName, is: role)]
                        ))
                    }
                }
            }
            // A type only previews use wraps a view for them; it is no model.
            if !pending.isEmpty && !NonModelShapes.isUsedOnlyInPreviews(decl, in: file) {
                found += pending
            }
        }
        return found
    }
}
