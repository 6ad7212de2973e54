/// The rule book entry of ``ViewCreatesNoViewModelsRule``: its documentation, and the examples that run as its tests.
extension ViewCreatesNoViewModelsRule {
    static let description = RuleDescription(
        id: "view-creates-no-view-models",
        summary: "A view constructs no view model but its own; a child's view model comes from the view's own view model.",
        rationale: """
            The responder rule book's rule 6 lets a view create the next view but not that view's view model, and the triad write-up's \
            Home view asks its view model for `makeItemListViewModel()`: the view-model tree, not the UI, is \
            the app's hierarchy. An implicit `.init(...)` counts when what receives it says it is a view \
            model: an argument labelled `viewModel:` (in a `.sheet`, a `ForEach` or a `NavigationLink` \
            destination alike) of a view that keeps a view model, a class, under that name (a row's \
            value struct named `ViewModel` is a plain value), or a property or constant annotated with \
            a view model type. A view making its own view model is exempt: the initial \
            value of its view-model property (however it is spelled, and an object the view owns \
            with `@State` or `@StateObject` when no property is named as its view model), or of the one \
            object it observes (`@ObservedObject var model = Model()`, or a plain stored property), and \
            that object assigned in `init` (directly, through a local, or handed to the \
            `self.init(viewModel:)` it delegates to). A view model beside a view model the view reads \
            from the environment is not its own. App roots and previews (a view nested in a \
            `PreviewProvider` included) are exempt. Objects that are no view model may be made \
            anywhere: a helper a view owns beside its view model (a focus coordinator), or a router \
            that several views own and share through the environment (made afresh for a disabled \
            preview).
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
            // A view model beside the view's own is no longer its own, however it is made.
            RuleExample("""
                struct CheckoutView: View {
                    @ObservedObject var viewModel: CheckoutViewModel
                    @ObservedObject var promo = ↓PromoViewModel()
                    @ObservedObject private(set) var gift: GiftViewModel
                    init(viewModel: CheckoutViewModel) {
                        self.viewModel = viewModel
                        self.gift = ↓GiftViewModel(total: viewModel.total)
                    }
                    var body: some View { Text(viewModel.total) }
                }
                """),
            // A view whose view model comes from the environment owns no second one.
            RuleExample("""
                struct CartView: View {
                    @Environment(CartViewModel.self) private var cart
                    @State private var promo: PromoViewModel
                    init(code: String) {
                        _promo = State(initialValue: ↓PromoViewModel(code: code))
                    }
                    var body: some View { Text(cart.total) }
                }
                """),
            RuleExample("""
                struct CartView: View {
                    @EnvironmentObject var viewModel: CartViewModel
                    @StateObject private var promo: PromoViewModel
                    init() {
                        let promo = ↓PromoViewModel()
                        _promo = StateObject(wrappedValue: promo)
                    }
                    var body: some View { Text(viewModel.total) }
                }
                """),
        ],
        nonTriggering: nonTriggeringExamples
    )
}
