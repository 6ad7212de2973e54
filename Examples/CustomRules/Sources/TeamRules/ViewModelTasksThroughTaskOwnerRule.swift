import MVVMLint
import SwiftSyntax

/// `Task { }` and `Task.detached { }` in a view model: work that nothing cancels when the screen
/// goes away and that a test cannot wait for. The view model's `TaskOwner` does both.
public struct ViewModelTasksThroughTaskOwnerRule: FileRule {
    public static let description = RuleDescription(
        id: "view-model-tasks-through-task-owner",
        summary: "A view model starts async work with its TaskOwner, never with a bare Task.",
        rationale: """
            Work started with `tasks.start(id:)` is cancelled when the view model goes away or the \
            same id starts again, and tests wait for it with `untilIdle()` instead of sleeping. A bare \
            `Task` outlives the screen and races the test (the team's view-model guide).
            """,
        presets: .common,
        defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class SearchViewModel {
                    private(set) var results: [String] = []

                    func search(_ query: String) {
                        ↓Task { results = [query] }
                    }
                }
                """),
            RuleExample("""
                final class FeedViewModel {
                    var refresh: Task<Void, Never>?

                    func reload() {
                        refresh = ↓Task<Void, Never> { }
                        ↓Task.detached(priority: .background) { print("cleaning up") }
                    }
                }
                """),
            // A class that is a view model only because a view holds it as one, in another file.
            RuleExample(
                """
                final class Player {
                    func play() {
                        ↓Task { }
                    }
                }
                """,
                extraFiles: ["Sources/App/PlayerView.swift": """
                    import SwiftUI

                    struct PlayerView: View {
                        @State var viewModel: Player
                        var body: some View { Text("Playing") }
                    }
                    """]
            ),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class SearchViewModel {
                    private(set) var results: [String] = []
                    private let tasks = TaskOwner()

                    func search(_ query: String) {
                        tasks.start(id: "search") { [weak self] in
                            try? await Task.sleep(for: .milliseconds(300))
                            guard !Task.isCancelled else { return }
                            self?.results = [query]
                        }
                    }
                }
                """),
            // Views and services may start tasks; only view models have a TaskOwner.
            RuleExample("""
                final class ImageCache {
                    func warm() {
                        Task { }
                    }
                }
                """),
        ]
    )

    public init() {}

    public func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for type in file.declarations(ClassDeclSyntax.self) {
            found += report(type.memberBlock, of: type.name.text, in: file)
        }
        for type in file.declarations(ExtensionDeclSyntax.self) {
            found += report(type.memberBlock, of: type.extendedType.trimmedDescription, in: file)
        }
        return found
    }

    /// The tasks started in `members`, each reported if `typeName` turns out to be a view model.
    private func report(_ members: MemberBlockSyntax, of typeName: String, in file: FileContext) -> [PendingDiagnostic] {
        let finder = TaskStartFinder(viewMode: .sourceAccurate)
        finder.walk(members)
        return finder.starts.map { start in
            file.report(
                Self.description, at: start, "The view model starts a task that nothing owns.",
                hint: "Start it with tasks.start(id:) on the view model's TaskOwner.",
                when: [RoleCondition(typeName, is: .viewModel)]
            )
        }
    }
}

/// Calls that start a task: `Task { }`, `Task<Success, Failure> { }`, `Task(priority:) { }` and
/// `Task.detached { }`. Nested types are left to their own check.
private final class TaskStartFinder: SyntaxVisitor {
    private(set) var starts: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.startsTask(node.calledExpression) {
            starts.append(node)
        }
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    private static func startsTask(_ callee: ExprSyntax) -> Bool {
        if let name = callee.as(DeclReferenceExprSyntax.self) {
            return name.baseName.text == "Task"
        }
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
            return specialized.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task"
        }
        if let member = callee.as(MemberAccessExprSyntax.self) {
            return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task" && member.declName.baseName.text == "detached"
        }
        return false
    }
}
