import SwiftSyntax

/// View models publish their state through the configured observation mechanism.
struct ViewModelObservableRule: FileRule {
    static let description = RuleDescription(
        id: "view-model-observable",
        summary: "View models are @Observable (or ObservableObject when `observation` allows it).",
        rationale: """
            A view re-renders only for state it can observe. The triad write-up and the Hacker News article use the Observation \
            framework's @Observable; the responder rule book's ObservableObject is accepted with `observation: \
            observable-object` or `either`. A class deriving from a base class is trusted to inherit it, and \
            one conforming to a `*ViewModeling` protocol that refines `ObservableObject` is an \
            `ObservableObject` through it: fine where `observation` accepts objects, reported under \
            `observable` (the default). A view-modeling protocol declared in another file is trusted \
            where objects are accepted, since `view-modeling-shape` checks what it refines.
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
            RuleExample("""
                @MainActor
                protocol FeedViewModeling: ObservableObject {
                    var items: [String] { get }
                }
                @MainActor
                final class ↓FeedViewModel: FeedViewModeling {
                    @Published private(set) var items: [String] = []
                }
                """),
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
                protocol FeedViewModeling: ObservableObject {
                    var items: [String] { get }
                }
                @MainActor
                final class FeedViewModel: FeedViewModeling {
                    @Published private(set) var items: [String] = []
                }
                """, configuration: "observation: either"),
            RuleExample("""
                @MainActor
                final class InboxViewModel: InboxViewModeling {
                    @Published private(set) var unread = 0
                }
                """, extraFiles: ["Sources/App/InboxViewModeling.swift": """
                @MainActor
                protocol InboxViewModeling: ObservableObject {
                    var unread: Int { get }
                }
                """], configuration: "observation: either"),
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
        // What each view-modeling protocol of this file refines; one declared elsewhere is unknown.
        var refinements: [String: [String]] = [:]
        for protocolDecl in file.declarations(ProtocolDeclSyntax.self) where RoleVocabulary.isViewModelingName(protocolDecl.name.text) {
            refinements[protocolDecl.name.text] = protocolDecl.inheritedNames
        }
        return file.declarations(ClassDeclSyntax.self).compactMap { decl in
            let inherited = decl.inheritedNames
            let viewModeling = inherited.filter { RoleVocabulary.isViewModelingName($0) }
            let usesMacro = decl.attributes.contains(named: "Observable")
            // An `ObservableObject` refined by its view-modeling protocol makes the class one.
            let usesObject = inherited.contains("ObservableObject")
                || viewModeling.contains { refinements[$0]?.contains("ObservableObject") == true }
            // Through a view-modeling protocol of another file the class may be an object too
            // (`view-modeling-shape` checks what that protocol refines).
            let mayBeObject = viewModeling.contains { refinements[$0] == nil }
            let mayInherit = inherited.contains {
                !ArchitectureVocabulary.plainProtocols.contains($0) && !RoleVocabulary.isViewModelingName($0)
            }
            let satisfied: Bool
            let expected: String
            switch mode {
            case .observable:
                satisfied = usesMacro || (mayInherit && !usesObject)
                expected = "@Observable"
            case .observableObject:
                satisfied = usesObject || ((mayInherit || mayBeObject) && !usesMacro)
                expected = "ObservableObject"
            case .either:
                satisfied = usesMacro || usesObject || mayInherit || mayBeObject
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
