import SwiftSyntax

/// The responder a view model sends upward through is `private let`.
struct ResponderPrivateRule: FileRule {
    static let description = RuleDescription(
        id: "responder-private",
        summary: "A view model's `responder` property is `private let`.",
        rationale: """
            The responder rule book's rule 7: the responder is fixed when the parent creates the child and used only \
            by the child itself. A settable or visible responder lets other code re-route or fire the \
            child's upward actions, which no test of the child would see.
            """,
        presets: [.responder], defaultSeverity: .warning, isFixable: true,
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class LoginViewModel {
                    ↓var responder: Responder<ResponderAction>
                    enum ResponderAction { case authenticated }
                    init(responder: Responder<ResponderAction>) { self.responder = responder }
                }
                """, fixed: """
                @MainActor @Observable
                final class LoginViewModel {
                    private let responder: Responder<ResponderAction>
                    enum ResponderAction { case authenticated }
                    init(responder: Responder<ResponderAction>) { self.responder = responder }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class PickerViewModel {
                    ↓let parent: Responder<Choice>
                    enum Choice { case picked(Int) }
                    init(parent: Responder<Choice>) { self.parent = parent }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class LoginViewModel {
                    private let responder: Responder<ResponderAction>
                    enum ResponderAction { case authenticated }
                    init(responder: Responder<ResponderAction>) { self.responder = responder }
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class SettingsViewModel {
                    private let responder: MVVM.Responder<ResponderAction>
                    enum ResponderAction { case closed }
                    var responderCount: Int { 1 }
                    init(responder: MVVM.Responder<ResponderAction>) { self.responder = responder }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.declarations(ClassDeclSyntax.self) {
            for property in decl.properties where property.isStored && !property.isStatic {
                guard let name = property.boundNames.first else { continue }
                let isResponder = property.declaredType?.simpleName == "Responder"
                    || (name == "responder" && property.declaredType == nil)
                guard isResponder else { continue }
                let access = property.modifiers.accessLevel
                if !property.isVar && access == .private { continue }
                found.append(file.report(
                    Self.description, at: property,
                    "'\(decl.name.text).\(name)' must be `private let`: only the view model sends to its responder.",
                    hint: "Declare it `private let \(name)`.",
                    fix: [file.setAccess("private", modifiers: property.modifiers, before: property.bindingSpecifier)]
                        + (property.isVar ? [.replace(property.bindingSpecifier, with: "let")] : []),
                    when: ArchitectureVocabulary.viewModelConditions(decl)
                ))
            }
        }
        return found
    }
}
