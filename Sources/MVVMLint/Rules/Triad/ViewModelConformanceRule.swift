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
        presets: [.triad], defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class ↓ProfileViewModel {
                    private(set) var name = ""
                }
                """),
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
                """]),
        ],
        nonTriggering: [
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
                guard !project.index.has(.baseClass, type.name, in: file.path) else { continue }
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
