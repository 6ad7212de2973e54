import SwiftSyntax

/// View models publish their state through the configured observation mechanism.
struct ViewModelObservableRule: FileRule {
    static let description = RuleDescription(
        id: "view-model-observable",
        summary: "View models are @Observable (or ObservableObject when `observation` allows it).",
        rationale: """
            A view re-renders only for state it can observe. The triad write-up and the Hacker News article use the Observation \
            framework's @Observable; the responder rule book's ObservableObject is accepted with `observation: \
            observable-object` or `either`. A class deriving from a base class is trusted to inherit it.
            """,
        presets: .common, defaultSeverity: .error,
        triggering: [
            RuleExample("""
                @MainActor
                final class ↓ProfileViewModel {
                    var name = ""
                }
                """),
            RuleExample("""
                @MainActor
                final class ↓SettingsViewModel: ObservableObject {
                    @Published private(set) var isOn = false
                }
                """),
            RuleExample("""
                @MainActor @Observable
                final class ↓SettingsViewModel {
                    private(set) var isOn = false
                }
                """, configuration: "observation: observable-object"),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class ProfileViewModel {
                    var name = ""
                }
                """),
            RuleExample("""
                @MainActor
                final class SettingsViewModel: ObservableObject {
                    @Published private(set) var isOn = false
                }
                """, configuration: "observation: either"),
            RuleExample("""
                @MainActor
                final class SearchViewModel: BaseViewModel<SearchState> {
                    func search() {}
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        let mode = file.configuration.observation
        return file.declarations(ClassDeclSyntax.self).compactMap { decl in
            let inherited = decl.inheritedNames
            let usesMacro = decl.attributes.contains(named: "Observable")
            let usesObject = inherited.contains("ObservableObject")
            let mayInherit = inherited.contains {
                !ArchitectureVocabulary.plainProtocols.contains($0) && !$0.hasAnySuffix(["ViewModeling"])
            }
            let satisfied: Bool
            let expected: String
            switch mode {
            case .observable:
                satisfied = usesMacro || (mayInherit && !usesObject)
                expected = "@Observable"
            case .observableObject:
                satisfied = usesObject || (mayInherit && !usesMacro)
                expected = "ObservableObject"
            case .either:
                satisfied = usesMacro || usesObject || mayInherit
                expected = "@Observable or ObservableObject"
            }
            guard !satisfied else { return nil }
            return file.report(
                Self.description, at: decl.name,
                "View model '\(decl.name.text)' is not \(expected) (observation: \(mode.rawValue)).",
                hint: mode == .observableObject ? "Conform to ObservableObject." : "Mark the class @Observable.",
                when: ArchitectureVocabulary.viewModelConditions(decl)
            )
        }
    }
}
