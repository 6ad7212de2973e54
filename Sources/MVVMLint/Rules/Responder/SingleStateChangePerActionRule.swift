import SwiftSyntax

/// Each action handled in `send(_:)` makes at most one state change.
struct SingleStateChangePerActionRule: FileRule {
    static let description = RuleDescription(
        id: "single-state-change-per-action",
        summary: "In `send(_:)`, each `case` makes at most one state change (an assignment to a stored property, a mutating call on one, or a call to a private helper that assigns one), besides recursive `send`s and responder sends.",
        rationale: """
            The responder rule book's rule 3: one action, one state change; a follow-up step is another action sent \
            from inside `send`. Each action then has one observable outcome a test can assert, and a \
            sequence of steps reads as a sequence of actions. Changes on different branches of an \
            `if`, `switch` or `guard` count once, since only one of them runs; work inside closures \
            (a task that later sends an action) is not counted. As in the rule book, one case that groups \
            several actions behind one update helper is reported too: each action gets its own case.
            """,
        presets: [.responder], defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class LoginViewModel {
                    private(set) var state: State = .idle
                    private(set) var attempts = 0
                    enum State { case idle, authenticating }
                    enum Action { case authenticate, reset }
                    func send(_ action: Action) {
                        switch action {
                        ↓case .authenticate:
                            state = .authenticating
                            attempts += 1
                        case .reset:
                            state = .idle
                        }
                    }
                }
                """),
            RuleExample("""
                @MainActor
                final class DashboardViewModel: ObservableObject {
                    @Published private(set) var this = 0
                    @Published private(set) var that = 0
                    @Published private(set) var error: String?
                    enum Action { case showThis, showThat, clear }
                    func send(_ action: Action) {
                        switch action {
                        ↓case .showThis, .showThat:
                            refreshThisAndThat()
                        ↓case .clear:
                            refreshThis()
                            clearError()
                        }
                    }
                    private func refreshThisAndThat() { this = 1; that = 1 }
                    private func refreshThis() { this = 0 }
                    private func clearError() { error = nil }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class CartViewModel {
                    private(set) var items: [String] = []
                    private(set) var total = 0
                    enum Action { case add(String), clear }
                    func send(_ action: Action) {
                        switch action {
                        ↓case .add(let item):
                            items.append(item)
                            recalculate()
                        ↓case .clear:
                            self.items = []
                            if total > 0 { total = 0 }
                        }
                    }
                    private func recalculate() { total = items.count }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor
                final class DashboardViewModel: ObservableObject {
                    @Published private(set) var this = 0
                    @Published private(set) var error: String?
                    enum Action { case showThis, clearError, close, dismiss }
                    func send(_ action: Action) {
                        switch action {
                        case .showThis:
                            refreshThis()
                            send(.clearError)
                        case .clearError:
                            error = nil
                        case .close, .dismiss:
                            this = 0
                        }
                    }
                    private func refreshThis() { this = 1 }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class LoginViewModel {
                    private(set) var state: State = .idle
                    private let responder: Responder<ResponderAction>
                    enum State { case idle, authenticating, failed(String) }
                    enum ResponderAction { case authenticated }
                    enum Action { case authenticate(String), succeeded, failed(String) }
                    init(responder: Responder<ResponderAction>) { self.responder = responder }
                    func send(_ action: Action) {
                        switch action {
                        case .authenticate(let name):
                            guard !name.isEmpty else {
                                send(.failed("Enter a name."))
                                return
                            }
                            state = .authenticating
                            startRequest(name)
                        case .succeeded:
                            state = .idle
                            responder.send(.authenticated)
                        case .failed(let message):
                            state = .failed(message)
                        }
                    }
                    private func startRequest(_ name: String) {
                        Task { [weak self] in self?.send(.succeeded) }
                    }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class PlayerViewModel {
                    private(set) var mode: Mode = .stopped
                    enum Mode { case playing, paused, stopped }
                    enum Action { case toggle, stop }
                    func send(_ action: Action) {
                        switch action {
                        case .toggle:
                            if mode == .playing {
                                mode = .paused
                            } else {
                                mode = .playing
                            }
                        case .stop:
                            switch mode {
                            case .stopped: break
                            default: mode = .stopped
                            }
                        }
                    }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.declarations(ClassDeclSyntax.self) {
            let stored = Set(decl.properties.filter { $0.isVar && $0.isStored && !$0.isStatic }.flatMap(\.boundNames))
            guard !stored.isEmpty else { continue }
            let bodies = file.declarations.filter { $0.typeName == decl.name.text }
            let functions = bodies.flatMap(\.functions)
            let helpers = Set(functions.filter { function in
                let access = function.modifiers.accessLevel
                guard access == .private || access == .fileprivate, let body = function.body else { return false }
                return StateChangeCounter(stored: stored, helpers: []).count(body.statements) > 0
            }.map(\.name.text))
            let counter = StateChangeCounter(stored: stored, helpers: helpers)
            for send in functions where send.name.text == "send" && send.signature.parameterClause.parameters.count == 1 {
                guard let parameter = send.signature.parameterClause.parameters.first,
                      let body = send.body else { continue }
                let actionName = (parameter.secondName ?? parameter.firstName).text
                for item in body.statements {
                    guard let switchExpr = Self.switchExpression(in: item),
                          switchExpr.subject.trimmedText == actionName else { continue }
                    for case .switchCase(let switchCase) in switchExpr.cases {
                        let changes = counter.count(switchCase.statements)
                        if changes == 1, case .case(let label) = switchCase.label, label.caseItems.count > 1,
                           counter.callsHelper(switchCase.statements) {
                            found.append(file.report(
                                Self.description, at: switchCase.label,
                                "'\(switchCase.label.trimmedText)' in '\(decl.name.text).send(_:)' handles \(label.caseItems.count) actions with one update helper; give each action its own case and state change.",
                                hint: "Split the case; send a shared follow-up action if both need it.",
                                when: ArchitectureVocabulary.viewModelConditions(decl)
                            ))
                            continue
                        }
                        guard changes > 1 else { continue }
                        found.append(file.report(
                            Self.description, at: switchCase.label,
                            "'\(switchCase.label.trimmedText)' in '\(decl.name.text).send(_:)' makes \(changes) state changes; make one and send the next step as another action.",
                            hint: "Split the work into actions and `send` the follow-up.",
                            when: ArchitectureVocabulary.viewModelConditions(decl)
                        ))
                    }
                }
            }
        }
        return found
    }

    private static func switchExpression(in item: CodeBlockItemSyntax) -> SwitchExprSyntax? {
        switch item.item {
        case .expr(let expression): expression.as(SwitchExprSyntax.self)
        case .stmt(let statement): statement.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self)
        default: nil
        }
    }
}
