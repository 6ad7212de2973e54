import SwiftSyntax

/// Concrete view models are `final`.
struct ViewModelFinalRule: FileRule {
    static let description = RuleDescription(
        id: "view-model-final",
        summary: "Concrete view model classes are final.",
        rationale: """
            The triad write-up declares every view model `final class`: a view model is one screen's logic, not a \
            base for others, and the Observation macro works on final classes. Classes other classes in \
            the project inherit from, and `open` classes, are base classes and exempt.
            """,
        presets: .common, defaultSeverity: .warning, isFixable: true,
        triggering: [
            RuleExample("""
                @MainActor @Observable
                class ↓ProfileViewModel {
                    var name = ""
                }
                """),
            RuleExample("""
                @MainActor @Observable
                class ↓ItemListViewModel: ItemListViewModeling {
                    var items: [String] = []
                }
                """, fixed: """
                @MainActor @Observable
                final class ItemListViewModel: ItemListViewModeling {
                    var items: [String] = []
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
                class BaseViewModel: ObservableObject {
                    @Published private(set) var isLoading = false
                }
                """, extraFiles: ["Sources/App/Search.swift": """
                @MainActor
                final class SearchViewModel: BaseViewModel {}
                """]),
            RuleExample("""
                @MainActor
                open class ScreenViewModel {}
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.declarations(ClassDeclSyntax.self).compactMap { decl in
            guard !decl.modifiers.contains(.final), !decl.modifiers.contains(.open) else { return nil }
            return file.report(
                Self.description, at: decl.name,
                "View model '\(decl.name.text)' is not final.",
                hint: "Declare it `final class`.",
                fix: [.insert("final ", at: decl.classKeyword.positionAfterSkippingLeadingTrivia)],
                when: ArchitectureVocabulary.viewModelConditions(decl)
                    + [RoleCondition(decl.name.text, is: .baseClass, holds: false)]
            )
        }
    }
}
