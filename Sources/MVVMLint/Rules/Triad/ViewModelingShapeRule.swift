import SwiftSyntax

/// A `*ViewModeling` protocol is main-actor isolated and observable.
struct ViewModelingShapeRule: FileRule {
    static let description = RuleDescription(
        id: "view-modeling-shape",
        summary: "A *ViewModeling protocol is @MainActor and refines Observable (or ObservableObject, as configured by `observation`).",
        rationale: """
            The triad write-up's protocols say `@MainActor protocol XViewModeling: Observable`: the view reads \
            the protocol, so isolation and observability must be promised there, not only by one \
            implementation. A protocol refining another protocol (a shared base) may inherit both; \
            `default-isolation: main-actor` stands in for `@MainActor`.
            """,
        presets: [.triad], defaultSeverity: .error, isFixable: true,
        triggering: [
            RuleExample("""
                protocol ↓ItemListViewModeling: Observable {
                    var items: [String] { get }
                }
                """, fixed: """
                @MainActor
                protocol ItemListViewModeling: Observable {
                    var items: [String] { get }
                }
                """),
            RuleExample("""
                @MainActor
                protocol ↓ProfileViewModeling {
                    var name: String { get }
                }
                """),
            RuleExample("""
                @MainActor
                protocol ↓SettingsViewModeling: Observable {
                    var sync: Bool { get }
                }
                """, configuration: "observation: observable-object"),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor
                protocol ItemListViewModeling: Observable {
                    var items: [String] { get }
                    func load()
                }
                """),
            RuleExample("""
                protocol ProfileViewModeling: Observable {
                    var name: String { get }
                }
                """, configuration: "default-isolation: main-actor"),
            RuleExample("""
                protocol SearchViewModeling: ScreenViewModeling {
                    var query: String { get }
                }
                """),
            RuleExample("""
                @MainActor
                protocol LegacyViewModeling: ObservableObject {
                    var title: String { get }
                }
                """, configuration: "observation: either"),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.declarations(ProtocolDeclSyntax.self).compactMap { decl in
            let name = decl.name.text
            guard RoleVocabulary.isViewModelingName(name) else { return nil }
            let inherited = decl.inheritedNames
            // A refined protocol we cannot see may carry isolation and observability.
            let mayInherit = inherited.contains { !ArchitectureVocabulary.plainProtocols.contains($0) }
            var missing: [String] = []
            if !decl.attributes.contains(named: "MainActor") && !file.defaultsToMainActor && !mayInherit {
                missing.append("@MainActor")
            }
            let observable: Bool
            let expected: String
            switch file.configuration.observation {
            case .observable:
                observable = inherited.contains("Observable")
                expected = "Observable"
            case .observableObject:
                observable = inherited.contains("ObservableObject")
                expected = "ObservableObject"
            case .either:
                observable = inherited.contains("Observable") || inherited.contains("ObservableObject")
                expected = "Observable or ObservableObject"
            }
            if !observable && !mayInherit {
                missing.append("refine \(expected)")
            }
            guard !missing.isEmpty else { return nil }
            let requirement = missing.count == 2 ? "be @MainActor and refine \(expected)" : (missing[0] == "@MainActor" ? "be @MainActor" : missing[0])
            return file.report(
                Self.description, at: decl.name,
                "View-modeling protocol '\(name)' must \(requirement).",
                hint: "Declare it `@MainActor protocol \(name): \(expected.components(separatedBy: " or ")[0])`.",
                // Only isolation can be added safely; what to refine is the author's choice.
                fix: missing.contains("@MainActor") ? [file.insertLine("@MainActor", above: decl)] : nil
            )
        }
    }
}
