/// Properties of a `*ViewModeling` protocol are read-only unless a view binds to them.
struct ViewModelingReadOnlyRule: ProjectRule {
    static let description = RuleDescription(
        id: "view-modeling-read-only",
        summary: "Properties of a *ViewModeling protocol are `{ get }`, except those some view binds to (`$viewModel.x`).",
        rationale: """
            The DevConfiguration architecture notes let only the view model change what the view shows: outputs are read-only to the \
            view, and input arrives through intents. A `{ get set }` requirement is needed only for a \
            two-way binding such as a text field's text, so the rule accepts it when any linted file \
            projects that property with `$`.
            """,
        presets: [.triad], defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                @MainActor
                protocol ItemListViewModeling: Observable {
                    var ↓items: [String] { get set }
                }
                """),
            RuleExample("""
                @MainActor
                protocol SearchViewModeling: Observable {
                    var query: String { get set }
                    var ↓results: [String] { get set }
                }
                """, extraFiles: ["Sources/App/SearchView.swift": """
                import SwiftUI
                struct SearchView<ViewModel: SearchViewModeling>: View {
                    @State var viewModel: ViewModel
                    var body: some View { TextField("Search", text: $viewModel.query) }
                }
                """]),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor
                protocol ItemListViewModeling: Observable {
                    var items: [String] { get }
                    var isLoading: Bool { get }
                }
                """),
            RuleExample("""
                @MainActor
                protocol SearchViewModeling: Observable {
                    var query: String { get set }
                    var isShowingError: Bool { get set }
                }
                """, extraFiles: ["Sources/App/SearchView.swift": """
                import SwiftUI
                struct SearchView<ViewModel: SearchViewModeling>: View {
                    @Bindable var viewModel: ViewModel
                    var body: some View {
                        TextField("Search", text: $viewModel.query)
                            .alert("Failed", isPresented: $viewModel.isShowingError) {}
                    }
                }
                """]),
            RuleExample("""
                protocol SettingsStoring {
                    var theme: String { get set }
                }
                """),
        ]
    )

    func check(_ project: ProjectContext) -> [Diagnostic] {
        // Bindings count within the project that declares the protocol.
        var bound: [String: Set<String>] = [:]
        for file in project.files {
            bound[project.index.project(of: file.path), default: []].formUnion(file.boundMembers)
        }
        var found: [Diagnostic] = []
        for file in project.files where !file.isTestFile {
            let projectBound = bound[project.index.project(of: file.path)] ?? []
            for requirement in file.propertyRequirements
            where requirement.isSettable && !projectBound.contains(requirement.propertyName)
                && project.index.has(.viewModelingProtocol, requirement.protocolName, in: file.path) {
                found.append(project.report(
                    Self.description, path: file.path, line: requirement.line, column: requirement.column,
                    "'\(requirement.protocolName).\(requirement.propertyName)' is settable, but no view binds to it.",
                    hint: "Declare it `{ get }` and change it through an intent."
                ))
            }
        }
        return found
    }
}
