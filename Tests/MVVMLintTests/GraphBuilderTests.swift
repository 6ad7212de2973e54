import MVVMLint
import Testing

/// How `ViewModelGraph` reads real-world shapes of code, one shape per test.
struct GraphBuilderTests {
    func graph(_ files: [String: String]) -> ViewModelGraph {
        let sources = files.sorted { $0.key < $1.key }.map { SourceInput(path: $0.key, text: $0.value) }
        var settings = Configuration()
        settings.tests = ["Tests"]
        let configuration = settings
        let result = Linter(jobs: 1, rules: .builtIn).lint(sources, configurationForFile: { _ in configuration })
        return ViewModelGraph(facts: result.facts)
    }

    func links(_ graph: ViewModelGraph) -> [String] {
        graph.edges.map { "\($0.parent) -> \($0.child) via \($0.via.joined(separator: ","))" }
    }

    @Test func propertiesFactoriesStateCasesAndGenericArgumentsAreChildren() {
        let result = graph(["App.swift": """
            @MainActor @Observable final class RootViewModel {
                let header: HeaderViewModel
                var sheet: SheetViewModel?
                private(set) var tabs: [TabViewModel] = []
                var state: Loadable<FeedViewModel> = .idle
                enum Route { case detail(DetailViewModel), settings }
                var route: Route?
                func makeSearchViewModel() -> SearchViewModel { SearchViewModel() }
                init() { header = HeaderViewModel() }
            }
            final class HeaderViewModel {}
            final class SheetViewModel {}
            final class TabViewModel {}
            final class FeedViewModel {}
            final class DetailViewModel {}
            final class SearchViewModel {}
            enum Loadable<Value> { case idle, loaded(Value) }
            """])
        #expect(links(result) == [
            "RootViewModel -> DetailViewModel via detail",
            "RootViewModel -> FeedViewModel via state",
            "RootViewModel -> HeaderViewModel via header",
            "RootViewModel -> SearchViewModel via makeSearchViewModel",
            "RootViewModel -> SheetViewModel via sheet",
            "RootViewModel -> TabViewModel via tabs",
        ])
        #expect(result.uncreated == ["RootViewModel"])
        #expect(result.cycles.isEmpty)
    }

    @Test func associatedTypesAndGenericViewsResolveToTheConformingClass() {
        let result = graph(["Inbox.swift": """
            @MainActor protocol InboxViewModeling: Observable {
                associatedtype SomeMessageViewModel: MessageViewModeling
                var selected: SomeMessageViewModel? { get }
            }
            @MainActor protocol MessageViewModeling: Observable {}
            @MainActor @Observable final class InboxViewModel<Message: MessageViewModeling>: InboxViewModeling {
                var selected: Message?
            }
            @MainActor @Observable final class MessageViewModel: MessageViewModeling {}
            struct MessageView<ViewModel: MessageViewModeling>: View {
                @State var viewModel: ViewModel
                var body: some View { EmptyView() }
            }
            """])
        #expect(links(result) == ["InboxViewModel -> MessageViewModel via selected"])
        #expect(result.nodes.first { $0.name == "MessageViewModel" }?.views == ["MessageView"])
        #expect(result.unresolved.isEmpty)
    }

    @Test func aTopLevelDependencyProviderCountsForTheViewModelThatHoldsIt() {
        let result = graph(["Home.swift": """
            @MainActor protocol HomeDependencyProviding {
                func makeProfileViewModel(id: String) -> ProfileViewModel
            }
            @MainActor @Observable final class HomeViewModel {
                private let dependencyProvider: any HomeDependencyProviding
                init(dependencyProvider: any HomeDependencyProviding) { self.dependencyProvider = dependencyProvider }
            }
            final class ProfileViewModel {}
            """])
        #expect(links(result) == ["HomeViewModel -> ProfileViewModel via makeProfileViewModel"])
        // The provider protocol is not a host: it describes a factory, it holds nothing.
        #expect(result.hosts.isEmpty)
        #expect(result.uncreated == ["HomeViewModel"])
    }

    @Test func respondersComeFromHandlersAndWrappingCasesNotFromResponderParameters() {
        let result = graph(["Chain.swift": """
            @MainActor @Observable final class ParentViewModel {
                enum Action { case child(ChildViewModel.ResponderAction) }
                func send(_ action: Action) {}
                private func handle(_ action: OtherViewModel.ResponderAction) {}
                func makeThird(responder: Responder<ThirdViewModel.ResponderAction>) -> ThirdViewModel { fatalError() }
            }
            final class ChildViewModel { enum ResponderAction { case done, cancelled } }
            final class OtherViewModel { enum ResponderAction { case opened(Int) } }
            final class ThirdViewModel { enum ResponderAction { case finished } }
            """])
        #expect(result.responders.map { "\($0.child) -> \($0.parent): \($0.actions) via \($0.via)" } == [
            "ChildViewModel -> ParentViewModel: [\"done\", \"cancelled\"] via [\"child\"]",
            "OtherViewModel -> ParentViewModel: [\"opened\"] via [\"handle\"]",
        ])
        #expect(result.unhandled == ["ThirdViewModel"])
    }

    @Test func hostsCyclesAndUnresolvedNamesAreListed() {
        let result = graph([
            "Screens.swift": """
                final class ProfileViewController: UIViewController {
                    private let viewModel: ProfileViewModel
                }
                final class ProfileViewModel { var editor: EditorViewModel? }
                final class EditorViewModel { weak var owner: ProfileViewModel?; var preview: PreviewPaneViewModel? }
                """,
        ])
        #expect(result.hosts.map(\.name) == ["ProfileViewController"])
        #expect(result.cycles == [["EditorViewModel", "ProfileViewModel"]])
        #expect(result.unresolved.map { "\($0.owner).\($0.member): \($0.typeName)" } == ["EditorViewModel.preview: PreviewPaneViewModel"])
        #expect(result.uncreated.isEmpty)
    }

    @Test func testFilesAndBaseClassesAreNotPartOfTheApp() {
        let result = graph([
            "Sources/Base.swift": "class BaseViewModel {}\nfinal class CartViewModel: BaseViewModel {}\n",
            "Tests/CartTests.swift": "import Testing\nfinal class MockCartHostViewModel { let cart = CartViewModel() }\n",
        ])
        #expect(result.nodes.map(\.name) == ["CartViewModel"])
        #expect(result.edges.isEmpty)
    }

    @Test func privateHelpersAndPreviewsDoNotCount() {
        let result = graph(["List.swift": """
            final class ListViewModel {
                private(set) var rows: [RowViewModel] = []
                private func makeRows() -> [RowViewModel] { [] }
                private static func visible(_ rows: [RowViewModel]) -> [RowViewModel] { rows }
            }
            final class RowViewModel {}
            struct ListViewPreviews: PreviewProvider {
                static let model = ListViewModel()
                static var previews: some View { EmptyView() }
            }
            """])
        #expect(links(result) == ["ListViewModel -> RowViewModel via makeRows,rows"])
        #expect(result.hosts.isEmpty)
        #expect(result.uncreated == ["ListViewModel"])
    }

    @Test func viewModelsNestedInTheirViewsKeepTheirQualifiedNames() throws {
        let result = graph([
            "Notes.swift": """
                struct NotesView: View {
                    @StateObject private var viewModel = ViewModel()
                    var body: some View { EmptyView() }
                }
                extension NotesView {
                    @MainActor final class ViewModel: ObservableObject {
                        @Published var editor: AddNoteView.ViewModel?
                    }
                }
                """,
            "AddNote.swift": """
                struct AddNoteView: View {
                    @StateObject var viewModel: ViewModel
                    var body: some View { EmptyView() }
                }
                extension AddNoteView {
                    @MainActor final class ViewModel: ObservableObject {
                        enum ResponderAction { case saved }
                    }
                }
                """,
        ])
        #expect(result.nodes.map(\.name) == ["AddNoteView.ViewModel", "NotesView.ViewModel"])
        #expect(result.nodes.map(\.views) == [["AddNoteView"], ["NotesView"]])
        #expect(links(result) == ["NotesView.ViewModel -> AddNoteView.ViewModel via editor"])
        // The case facts name `ViewModel`, which two classes share: no guess is made.
        #expect(result.unhandled.isEmpty)
        #expect(try GraphFormat.mermaid.render(result).contains("    NotesView_ViewModel -->|\"editor\"| AddNoteView_ViewModel\n"))
    }

    @Test func rootedKeepsOnlyWhatTheRootReaches() throws {
        let result = graph(["App.swift": """
            final class AViewModel { let b: BViewModel; enum ResponderAction { case x } }
            final class BViewModel { let c: CViewModel; func handle(_ action: CViewModel.ResponderAction) {} }
            final class CViewModel { enum ResponderAction { case done } }
            final class DViewModel {}
            """])
        let rooted = try #require(result.rooted(at: "BViewModel"))
        #expect(rooted.nodes.map(\.name) == ["BViewModel", "CViewModel"])
        #expect(links(rooted) == ["BViewModel -> CViewModel via c"])
        #expect(rooted.responders.count == 1)
        #expect(rooted.uncreated.isEmpty && rooted.unhandled.isEmpty)
        #expect(result.rooted(at: "Nope") == nil)
        #expect(result.unhandled == ["AViewModel"])
    }

    @Test func mermaidIdsAreSafeAndDotQuotesAreEscaped() throws {
        let result = graph(["A.swift": "final class AViewModel { let b: BViewModel }\nfinal class BViewModel {}\n"])
        let mermaid = try GraphFormat.mermaid.render(result)
        #expect(mermaid.hasPrefix("flowchart TD\n"))
        #expect(mermaid.contains("    AViewModel -->|\"b\"| BViewModel\n"))
        let dot = try GraphFormat.dot.render(result)
        #expect(dot.contains("    \"AViewModel\" -> \"BViewModel\" [label=\"b\"];\n"))
        #expect(dot.hasSuffix("}\n// created by no view model or host: AViewModel\n"))
    }
}
