import SwiftSyntax

/// A view model's `// MARK: -` sections follow the responder rule book's anatomy.
struct ViewModelAnatomyRule: FileRule {
    static let description = RuleDescription(
        id: "view-model-anatomy",
        summary: "A view model's `// MARK: -` sections appear in the order Properties & Dependencies, Lifecycle, Responder, Input, Output, Support (those present); within a section, nested types come above the members that use them.",
        rationale: """
            The responder rule book gives every view model the same anatomy so any screen reads top to bottom the same \
            way: what it depends on, how it is made, where its actions go, what it accepts, what it \
            shows, and helpers. Types sit above their users within a section; a member may use a type \
            from a later section (the responder rule book's `init` takes the `ResponderAction` declared under \
            Responder). Headings the rule does not know are ignored, and so is a class without headings.
            """,
        presets: [.responder], defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class LoginViewModel {
                    // MARK: - Lifecycle
                    init() {}
                    ↓// MARK: - Properties & Dependencies
                    private let tasks = TaskOwner()
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class CounterViewModel {
                    // MARK: - Input
                    func send(_ action: Action) {}
                    enum ↓Action { case increment }
                    // MARK: - Output
                    private(set) var count = 0
                    ↓// MARK: - Responder
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class LoginViewModel {
                    // MARK: - Properties & Dependencies
                    private let tasks = TaskOwner()
                    // MARK: - Lifecycle
                    init(responder: Responder<ResponderAction>) { self.responder = responder }
                    // MARK: - Responder
                    enum ResponderAction { case authenticated }
                    private let responder: Responder<ResponderAction>
                    // MARK: - Input
                    enum Action { case authenticate }
                    func send(_ action: Action) {}
                    // MARK: - Output
                    private(set) var isBusy = false
                    // MARK: - Support
                    private func reset() {}
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class CounterViewModel {
                    // MARK: - Input
                    enum Action { case increment }
                    func send(_ action: Action) {}
                    // MARK: - Private Storage
                    private var history: [Int] = []
                    // MARK: - Support
                    private func log() {}
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.viewModelCandidates.flatMap { decl in
            MarkSections(decl.memberBlock).anatomyFindings(
                order: AnatomySection.viewModelOrder, owner: decl.typeName, in: file, rule: Self.description,
                conditions: ArchitectureVocabulary.viewModelConditions(decl), checksTypeOrder: true
            )
        }
    }
}
