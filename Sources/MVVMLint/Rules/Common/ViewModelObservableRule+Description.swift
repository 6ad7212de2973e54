extension ViewModelObservableRule {
    static let description = RuleDescription(
        id: "view-model-observable",
        summary: "View models are @Observable (or ObservableObject when `observation` allows it).",
        rationale: """
            A view re-renders only for state it can observe. The triad write-up and the Hacker News article use the Observation \
            framework's @Observable; the responder rule book's ObservableObject is accepted with `observation: \
            observable-object` or `either`. A class deriving from a base class is trusted to inherit it, and \
            one conforming to a `*ViewModeling` protocol that refines `ObservableObject` is an \
            `ObservableObject` through it: fine where `observation` accepts objects, reported under \
            `observable` (the default). A view-modeling protocol declared in another file is trusted \
            where objects are accepted, since `view-modeling-shape` checks what it refines. `--fix` moves an internal \
            `ObservableObject` class to `@Observable` with every property that holds it (`@StateObject` to `@State`, \
            `@ObservedObject` to a plain `var` or `@Bindable`, `@EnvironmentObject` to `@Environment(T.self)`) and \
            every `.environmentObject(_:)` that provides it, in whichever linted file they are, when the code shows \
            that nothing changes meaning: no Combine publisher, `objectWillChange` or subclass, and no `@State` that \
            would make the class again each time its view is made (or make another object), and no holder under \
            another name (a typealias, a generic parameter) that may be the class. A package whose `platforms` go \
            below iOS 17, macOS 14, tvOS 17, watchOS 10 or visionOS 1, or name none, keeps the class unless it is \
            `@available` from those on; a run over named files, not folders, cannot see the holders and leaves it. \
            Otherwise the finding says why it is left.
            """,
        presets: .common, defaultSeverity: .error, isFixable: true,
        triggering: [
            RuleExample("""
                @MainActor
                final class ↓ProfileViewModel {
                    var name = ""
                }
                """),
            RuleExample("""
                @MainActor
                final class ↓SettingsViewModel: ObservableObject {
                    @Published private(set) var isOn = false
                }
                """, fixed: """
                import Observation

                @MainActor
                @Observable
                final class SettingsViewModel {
                    private(set) var isOn = false
                }
                """),
            RuleExample("""
                import SwiftUI

                @MainActor
                final class ↓SearchViewModel: ObservableObject, Identifiable {
                    @Published var query = ""
                    @Published private(set) var results: [String] = []
                    private var lastQuery = ""

                    func search() { lastQuery = query }
                }

                struct SearchScreen: View {
                    @StateObject private var viewModel = SearchViewModel()
                    var body: some View { SearchField(viewModel: viewModel) }
                }

                struct SearchField: View {
                    @ObservedObject var viewModel: SearchViewModel
                    var body: some View { TextField("Search", text: $viewModel.query) }
                }
                """, fixed: """
                import SwiftUI

                @MainActor
                @Observable
                final class SearchViewModel: Identifiable {
                    var query = ""
                    private(set) var results: [String] = []
                    @ObservationIgnored private var lastQuery = ""

                    func search() { lastQuery = query }
                }

                struct SearchScreen: View {
                    @State private var viewModel = SearchViewModel()
                    var body: some View { SearchField(viewModel: viewModel) }
                }

                struct SearchField: View {
                    @Bindable var viewModel: SearchViewModel
                    var body: some View { TextField("Search", text: $viewModel.query) }
                }
                """),
            RuleExample("""
                import Combine

                @MainActor
                final class ↓CartViewModel: ObservableObject {
                    @Published private(set) var total = 0
                }
                """, extraFiles: ["Sources/App/CartView.swift": """
                import SwiftUI

                struct CartView: View {
                    @EnvironmentObject private var cart: CartViewModel
                    var body: some View { Text("\\(cart.total)") }
                }

                struct ShopView: View {
                    let cart: CartViewModel
                    var body: some View { CartView().environmentObject(cart) }
                }
                """], fixed: """
                import Combine
                import Observation

                @MainActor
                @Observable
                final class CartViewModel {
                    private(set) var total = 0
                }
                """, fixedExtraFiles: ["Sources/App/CartView.swift": """
                import SwiftUI

                struct CartView: View {
                    @Environment(CartViewModel.self) private var cart: CartViewModel
                    var body: some View { Text("\\(cart.total)") }
                }

                struct ShopView: View {
                    let cart: CartViewModel
                    var body: some View { CartView().environment(cart) }
                }
                """]),
            RuleExample("""
                import Combine

                @MainActor
                final class ↓QueryViewModel: ObservableObject {
                    @Published var query = ""
                    private var cancellables: Set<AnyCancellable> = []

                    init() {
                        $query.sink { print($0) }.store(in: &cancellables)
                    }
                }
                """, unfixedReason: "'$query' publishes 'query' through Combine"),
            RuleExample("""
                import SwiftUI

                @MainActor
                final class ↓ClockViewModel: ObservableObject {
                    @Published private(set) var now = Date()
                    init() { Task { await self.tick() } }
                    func tick() async {}
                }

                struct ClockView: View {
                    @StateObject private var viewModel = ClockViewModel()
                    var body: some View { Text(viewModel.now, style: .time) }
                }
                """, unfixedReason: "@State would make 'ClockViewModel' each time 'ClockView' is made, and making it runs code"),
            RuleExample("""
                @MainActor @Observable
                final class ↓SettingsViewModel {
                    private(set) var isOn = false
                }
                """, configuration: "observation: observable-object"),
            RuleExample("""
                @MainActor
                protocol FeedViewModeling: ObservableObject {
                    var items: [String] { get }
                }
                @MainActor
                final class ↓FeedViewModel: FeedViewModeling {
                    @Published private(set) var items: [String] = []
                }
                """, unfixedReason: "'FeedViewModeling' refines ObservableObject"),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class ProfileViewModel {
                    var name = ""
                }
                """),
            // A view model a preview provider declares, or its views own, is the preview's.
            RuleExample("""
                import SwiftUI
                struct Keypad_Previews: PreviewProvider {
                    static var previews: some View { KeypadTestView() }
                    struct KeypadTestView: View {
                        @StateObject var model = PreviewModel()
                        var body: some View { Text(model.pin) }
                    }
                    final class PinViewModel: ObservableObject { @Published var pin = "" }
                }
                final class PreviewModel: ObservableObject { @Published var pin = "" }
                """),
            RuleExample("""
                @MainActor
                final class SettingsViewModel: ObservableObject {
                    @Published private(set) var isOn = false
                }
                """, configuration: "observation: either"),
            RuleExample("""
                @MainActor
                protocol FeedViewModeling: ObservableObject {
                    var items: [String] { get }
                }
                @MainActor
                final class FeedViewModel: FeedViewModeling {
                    @Published private(set) var items: [String] = []
                }
                """, configuration: "observation: either"),
            RuleExample("""
                @MainActor
                final class InboxViewModel: InboxViewModeling {
                    @Published private(set) var unread = 0
                }
                """, extraFiles: ["Sources/App/InboxViewModeling.swift": """
                @MainActor
                protocol InboxViewModeling: ObservableObject {
                    var unread: Int { get }
                }
                """], configuration: "observation: either"),
            RuleExample("""
                @MainActor
                final class SearchViewModel: BaseViewModel<SearchState> {
                    func search() {}
                }
                """),
        ]
    )
}
