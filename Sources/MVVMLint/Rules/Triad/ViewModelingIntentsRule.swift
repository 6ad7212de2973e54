import SwiftSyntax

/// Intents of a `*ViewModeling` protocol take nothing and return nothing.
struct ViewModelingIntentsRule: FileRule {
    static let description = RuleDescription(
        id: "view-modeling-intents",
        summary: "Functions of a *ViewModeling protocol take no parameters and return nothing, except `make*ViewModel` factories.",
        rationale: """
            The DevConfiguration architecture notes' intents are plain user intentions (`addRow()`, `load()`): the view says what \
            happened and the view model decides what it means. Parameters move decisions into the \
            view; a return value means the view consumes logic the view model should turn into state. \
            Factories for child view models are the exception. `async` intents are accepted.
            """,
        presets: [.triad], defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                @MainActor
                protocol ItemListViewModeling: Observable {
                    func addRow(↓title: String)
                }
                """),
            RuleExample("""
                @MainActor
                protocol CartViewModeling: Observable {
                    func total() ↓-> Decimal
                    func remove(↓at index: Int) ↓-> Bool
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor
                protocol ItemListViewModeling: Observable {
                    func addRow()
                    func load() async
                }
                """),
            RuleExample("""
                @MainActor
                protocol InboxViewModeling: Observable {
                    associatedtype SomeMessageViewModel: MessageViewModeling
                    func makeMessageViewModel(for id: String) -> SomeMessageViewModel
                }
                """),
            RuleExample("""
                protocol PriceFormatting {
                    func format(_ amount: Decimal) -> String
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.declarations(ProtocolDeclSyntax.self) where RoleVocabulary.isViewModelingName(decl.name.text) {
            for function in decl.functions {
                let name = function.name.text
                if name.hasPrefix("make") && RoleVocabulary.endsInViewModel(name) { continue }
                let signature = function.signature
                if let first = signature.parameterClause.parameters.first {
                    found.append(file.report(
                        Self.description, at: first,
                        "Intent '\(decl.name.text).\(name)' takes parameters; the view model should decide what the intent needs.",
                        hint: "Take the input from the view model's own state, set through a binding if need be."
                    ))
                }
                if let returnClause = signature.returnClause, !["Void", "()"].contains(returnClause.type.trimmedText) {
                    found.append(file.report(
                        Self.description, at: returnClause,
                        "Intent '\(decl.name.text).\(name)' returns a value; expose the result as state instead.",
                        hint: "Return nothing and publish the outcome in a property."
                    ))
                }
            }
        }
        return found
    }
}
