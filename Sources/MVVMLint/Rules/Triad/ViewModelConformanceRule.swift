/// Each `XViewModel` implements its `XViewModeling` protocol.
struct ViewModelConformanceRule: ProjectRule {
    static let description = RuleDescription(
        id: "view-model-conformance",
        summary: "Each class `XViewModel` conforms to an `XViewModeling` protocol (extensions count, across files).",
        rationale: """
            The DevConfiguration architecture notes and the triad write-up pair every view model with the protocol its view is generic over; without \
            it the view must name the concrete class and previews and tests cannot substitute one. A \
            conformance to another `*ViewModeling` protocol is accepted. Base classes (classes other \
            view models inherit from) and test files are exempt.
            """,
        presets: [.triad], defaultSeverity: .warning, isFixable: true,
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class ↓ProfileViewModel {
                    private(set) var name = ""
                }
                """, fixed: """
                /// What the views of `ProfileViewModel` use.
                @MainActor
                protocol ProfileViewModeling: AnyObject, Observable {}

                @MainActor @Observable
                final class ProfileViewModel: ProfileViewModeling {
                    private(set) var name = ""
                }
                """),
            RuleExample("""
                import Observation

                @MainActor @Observable
                public final class ↓CommentViewModel {
                    public private(set) var author: String = ""
                }
                """, extraFiles: ["Sources/App/CommentView.swift": """
                import SwiftUI

                public struct CommentView: View {
                    let viewModel: CommentViewModel
                    public var body: some View { Text(viewModel.author) }
                }
                """], fixed: """
                import Observation

                /// What the views of `CommentViewModel` use.
                @MainActor
                public protocol CommentViewModeling: AnyObject, Observable {
                    var author: String { get }
                }

                @MainActor @Observable
                public final class CommentViewModel: CommentViewModeling {
                    public private(set) var author: String = ""
                }
                """),
            RuleExample("""
                import Observation

                /// The profile screen's state.
                @MainActor @Observable
                final class ↓ProfileViewModel {
                    enum Mode { case viewing, editing }
                    private(set) var name: String = ""
                    private(set) var mode: Mode = .viewing
                    var draft: String = ""
                    private var saves = 0

                    func save() async throws {
                        saves += 1
                    }
                }
                """, extraFiles: ["Sources/App/ProfileView.swift": """
                import SwiftUI

                struct ProfileView: View {
                    @Bindable var viewModel: ProfileViewModel
                    var body: some View {
                        Text(viewModel.name)
                        if viewModel.mode == .editing { TextField("Name", text: $viewModel.draft) }
                        Button("Save") { Task { try await viewModel.save() } }
                    }
                }
                """], fixed: """
                import Observation

                /// What the views of `ProfileViewModel` use.
                @MainActor
                protocol ProfileViewModeling: AnyObject, Observable {
                    var name: String { get }
                    var mode: ProfileViewModel.Mode { get }
                    var draft: String { get set }
                    func save() async throws
                }

                /// The profile screen's state.
                @MainActor @Observable
                final class ProfileViewModel: ProfileViewModeling {
                    enum Mode { case viewing, editing }
                    private(set) var name: String = ""
                    private(set) var mode: Mode = .viewing
                    var draft: String = ""
                    private var saves = 0

                    func save() async throws {
                        saves += 1
                    }
                }
                """),
            RuleExample("""
                import Observation

                @MainActor @Observable
                final class ↓CounterViewModel {
                    private(set) var count = 0
                }
                """, extraFiles: ["Sources/App/CounterView.swift": """
                import SwiftUI

                struct CounterView: View {
                    let viewModel: CounterViewModel
                    var body: some View { Text("\\(viewModel.count)") }
                }
                """], unfixedReason: "the type of 'CounterViewModel.count' is inferred, and a protocol must write it"),
            RuleExample("""
                @MainActor @Observable
                final class ↓ItemListViewModel {
                    private(set) var items: [String] = []
                }
                """, extraFiles: ["Sources/App/ItemListViewModeling.swift": """
                @MainActor
                protocol ItemListViewModeling: Observable {
                    var items: [String] { get }
                }
                """], unfixedReason: "'ItemListViewModeling' exists already; whether 'ItemListViewModel' meets it is for a person to check"),
            RuleExample("""
                import Combine

                @MainActor
                final class ↓SettingsViewModel: ObservableObject {
                    @Published private(set) var isSyncing: Bool = false
                }
                """, unfixedReason: "'SettingsViewModel' is an ObservableObject; its protocol can refine Observable once it is @Observable"),
        ],
        nonTriggering: [
            // A view model a preview provider declares is the preview's.
            RuleExample("""
                import SwiftUI
                struct CheckPopup_Previews: PreviewProvider {
                    final class CheckPopupTestViewModel: ObservableObject {
                        @Published var isOn = false
                    }
                    static var previews: some View { Text("") }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                class BaseViewModel<State> {
                    private(set) var state: State
                    init(state: State) { self.state = state }
                }
                """, extraFiles: ["Sources/App/SearchViewModel.swift": """
                typealias SearchBase = BaseViewModel<SearchState>
                final class SearchViewModel: SearchBase, SearchViewModeling {}
                """]),
            RuleExample("""
                @MainActor @Observable
                final class ItemListViewModel: ItemListViewModeling {
                    private(set) var items: [String] = []
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class ProfileViewModel {
                    private(set) var name = ""
                }
                """, extraFiles: ["Sources/App/ProfileViewModel+Modeling.swift": """
                extension ProfileViewModel: ProfileViewModeling {}
                """]),
            RuleExample("""
                @MainActor @Observable
                class ScreenViewModel {
                    private(set) var isBusy = false
                }
                """, extraFiles: ["Sources/App/SearchViewModel.swift": """
                final class SearchViewModel: ScreenViewModel, SearchViewModeling {}
                """]),
        ]
    )

    func check(_ project: ProjectContext) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for file in project.files where !file.isTestFile {
            for type in file.types where type.kind == .class && RoleVocabulary.isViewModelName(type.name) {
                guard !project.index.has(.baseClass, type.name, in: file.path),
                      !project.index.isPreview(type.qualifiedName, in: file.path) else { continue }
                let conformances = project.index.conformances(of: type.name, in: file.path)
                guard !conformances.contains(where: { RoleVocabulary.isViewModelingName($0) }) else { continue }
                let expected = type.name + "ing"
                let message = project.index.has(.viewModelingProtocol, expected, in: file.path)
                    ? "View model '\(type.name)' does not conform to '\(expected)'."
                    : "View model '\(type.name)' has no '\(expected)' protocol."
                found.append(project.report(
                    Self.description, path: file.path, line: type.line, column: type.column, message,
                    hint: "Declare `\(expected)` with what the view needs and conform to it."
                ))
            }
        }
        return found
    }
}
