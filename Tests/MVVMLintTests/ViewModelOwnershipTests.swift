import Testing
@testable import MVVMLint

/// What a view may make of its own view model, and what a view model may make of its own
/// types, in shapes the rule book's examples leave out: extensions, previews declared apart,
/// qualified names.
@Suite struct ViewModelOwnershipTests {
    private func findings(_ rule: any Rule.Type, _ sources: [String: String]) throws -> [String] {
        let linter = Linter(jobs: 1, rules: try RuleSet([rule]))
        let inputs = sources.sorted { $0.key < $1.key }.map { SourceInput(path: $0.key, text: $0.value) }
        return linter.lint(inputs, configurationForFile: { _ in Configuration() }).diagnostics.map { "\($0.line):\($0.column)" }
    }

    @Test func anInitInAnExtensionOfAViewThisFileDeclaresOwnsItsOnlyObservedObject() throws {
        let found = try findings(ViewCreatesNoViewModelsRule.self, ["Sources/App/DetailView.swift": """
            struct DetailView: View {
                @ObservedObject private(set) var model: DetailViewModel
                var body: some View { Text(model.title) }
            }
            extension DetailView {
                init(id: Int) {
                    self.model = DetailViewModel(id: id)
                }
            }
            """])
        #expect(found.isEmpty)
    }

    @Test func aSecondViewModelBesideOneFromTheEnvironmentIsReportedHoweverItIsMade() throws {
        let found = try findings(ViewCreatesNoViewModelsRule.self, ["Sources/App/CartView.swift": """
            struct CartView: View {
                @Environment(CartViewModel.self) private var cart
                @State private var promo = PromoViewModel()
                var body: some View { Text(cart.total) }
            }
            """])
        #expect(found == ["3:32"])
    }

    @Test func aViewInAnExtensionOfAPreviewProviderIsAPreview() throws {
        let found = try findings(ViewCreatesNoViewModelsRule.self, ["Sources/App/CounterView.swift": """
            struct CounterView_Previews: PreviewProvider {
                static var previews: some View { Host() }
            }
            extension CounterView_Previews {
                struct Host: View {
                    var body: some View { CounterView(viewModel: CounterViewModel()) }
                }
            }
            """])
        #expect(found.isEmpty)
    }

    @Test func aServiceQualifiedByAnotherTypeIsStillAService() throws {
        let found = try findings(ViewModelCreatesNoServicesRule.self, ["Sources/App/FeedViewModel.swift": """
            @MainActor @Observable
            final class FeedViewModel {
                final class Service {}
                private let own = Self.Service()
                private let api = Network.Service()
            }
            enum Network {
                final class Service {}
            }
            """])
        #expect(found == ["5:23"])
    }

    @Test func aNestedTypeOfAnotherViewModelDoesNotExemptTheName() throws {
        let found = try findings(ViewModelCreatesNoServicesRule.self, [
            "Sources/App/FeedViewModel.swift": """
                @MainActor @Observable
                final class FeedViewModel {
                    private let client = APIClient()
                }
                """,
            "Sources/App/ProfileViewModel.swift": """
                @MainActor @Observable
                final class ProfileViewModel {
                    struct APIClient {}
                }
                """,
        ])
        #expect(found == ["3:26"])
    }
}
