import SwiftSyntax

/// A view's `// MARK: -` sections follow the responder rule book's anatomy.
struct ViewAnatomyRule: FileRule {
    static let description = RuleDescription(
        id: "view-anatomy",
        summary: "A view's `// MARK: -` sections appear in the order Environment, Local State, View Model, Body, Support (those present).",
        rationale: """
            The responder rule book lays out every view the same way: what it reads from the environment, the little \
            local state it keeps for input, its view model, its body, then helpers. Headings the rule \
            does not know are ignored, and so is a view without headings. The rule book orders only the \
            sections of a view; where a nested type sits among them is the view's own choice (the \
            types-above-their-users order belongs to view models).
            """,
        presets: [.responder], defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                import SwiftUI
                struct LoginView: View {
                    // MARK: - View Model
                    @State var viewModel: LoginViewModel
                    ↓// MARK: - Local State
                    @State private var username = ""
                    // MARK: - Body
                    var body: some View { TextField("Name", text: $username) }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct FeedView: View {
                    // MARK: - Body
                    var body: some View { Text(viewModel.title) }
                    ↓// MARK: - Environment
                    @Environment(\\.dismiss) private var dismiss
                    // MARK: - Support
                    private func close() { dismiss() }
                    ↓// MARK: - View Model
                    let viewModel: FeedViewModel
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                import SwiftUI
                struct LoginView: View {
                    // MARK: - Environment
                    @Environment(\\.dismiss) private var dismiss
                    // MARK: - Local State
                    @State private var username = ""
                    // MARK: - View Model
                    @State var viewModel: LoginViewModel
                    // MARK: - Body
                    var body: some View { TextField("Name", text: $username) }
                    // MARK: - Support
                    private func close() { dismiss() }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct BadgeView: View {
                    let count: Int
                    var body: some View { Text("\\(count)") }
                    // MARK: Previews support
                    static let sample = 3
                }
                """),
            RuleExample("""
                import SwiftUI
                struct FilterView: View {
                    // MARK: - Local State
                    @State private var selection: Filter = .all
                    enum Filter: Hashable { case all, unread }
                    // MARK: - Body
                    var body: some View { Picker("Filter", selection: $selection) { Text("All").tag(Filter.all) } }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.viewCandidates.flatMap { decl in
            MarkSections(decl.memberBlock).anatomyFindings(
                order: AnatomySection.viewOrder, owner: decl.typeName, in: file, rule: Self.description,
                conditions: ArchitectureVocabulary.viewConditions(decl), checksTypeOrder: false
            )
        }
    }
}
