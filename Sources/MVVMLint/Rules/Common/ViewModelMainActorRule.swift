import SwiftSyntax

/// View models update what the UI reads, so they must live on the main actor.
struct ViewModelMainActorRule: FileRule {
    static let description = RuleDescription(
        id: "view-model-main-actor",
        summary: "Every view model is @MainActor, directly or through a @MainActor protocol or base class.",
        rationale: """
            A view model's outputs drive the UI, which only the main actor may touch; the triad write-up and the responder rule book \
            both mark every view model @MainActor. Isolation inherited from a conformance in the class's own \
            declaration, from a base class, or from the module's default isolation counts. `--fix` adds \
            `@MainActor` only to a class whose conformances nothing calls from another actor (not an \
            `NSObject` subclass, whose delegate methods run on other queues, nor `Decodable`); code \
            that makes or calls the view model off the main actor then needs a change the syntax \
            cannot show, which the compiler reports.
            """,
        presets: .common, defaultSeverity: .error, isFixable: true,
        triggering: [
            RuleExample("""
                @Observable
                final class ↓DownloadViewModel: NSObject {
                    var progress = 0.0
                }
                """, unfixedReason: "'DownloadViewModel' inherits 'NSObject', whose members may be called off the main actor"),
            RuleExample("""
                @Observable
                final class ↓ProfileViewModel {
                    var name = ""
                }
                """, fixed: """
                @MainActor
                @Observable
                final class ProfileViewModel {
                    var name = ""
                }
                """),
            RuleExample("""
                final class ↓SettingsViewModel: ObservableObject {
                    @Published private(set) var isOn = false
                }
                """),
            RuleExample("""
                nonisolated final class ↓CartViewModel: Identifiable {
                    let id = 1
                }
                """, configuration: "default-isolation: main-actor"),
            RuleExample("""
                @Observable
                final class ↓ProfileModel {
                    var name = ""
                }
                """, extraFiles: ["Sources/App/ProfileScreen.swift": """
                import SwiftUI
                struct ProfileScreen: View {
                    @State private var store = ProfileModel()
                    var body: some View { Text(store.name) }
                }
                """]),
        ],
        nonTriggering: [
            RuleExample("""
                import Observation
                @Observable
                final class Content {
                    var body = ""
                }
                """, extraFiles: ["Sources/App/CardView.swift": """
                import SwiftUI
                struct CardView<Content: View>: View {
                    @State var content: Content
                    var body: some View { content }
                }
                """]),
            RuleExample("""
                @Observable
                final class ProfileModel {
                    var name = ""
                }
                """, extraFiles: ["Sources/App/ProfileScreen.swift": """
                import SwiftUI
                struct ProfileScreen<Store: ProfileModeling>: View {
                    @State private var store: Store
                    var body: some View { Text("") }
                }
                """]),
            RuleExample("""
                @MainActor @Observable
                final class ProfileViewModel {
                    var name = ""
                }
                """),
            RuleExample("""
                @Observable
                final class ItemListViewModel: ItemListViewModeling {
                    var items: [String] = []
                }
                """),
            RuleExample("""
                final class SearchViewModel: BaseViewModel {
                    var query = ""
                }
                """),
            RuleExample("""
                @Observable
                final class ProfileViewModel {
                    var name = ""
                }
                """, configuration: "default-isolation: main-actor"),
            RuleExample("""
                final class ImageCache {
                    var images: [String: Int] = [:]
                }
                """),
        ]
    )

    /// Conformances whose requirements nothing calls from another actor: `@MainActor` on the
    /// class changes no caller of theirs.
    static let isolationFreeConformances: Set<String> = [
        "ObservableObject", "Observable", "Identifiable", "Equatable", "Hashable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Comparable",
    ]

    /// Why adding `@MainActor` could break a caller, or `nil`: an Objective-C base class (its
    /// delegate methods are called on other queues), or a conformance such as `Decodable`
    /// whose requirements would become main-actor isolated. Callers elsewhere that are not on
    /// the main actor cannot be seen from the syntax; the rule book says so.
    static func isolationRisk(of decl: ClassDeclSyntax, in file: FileContext) -> String? {
        let extensions = file.declarations(ExtensionDeclSyntax.self).filter { $0.extendedType.simpleName == decl.name.text }
        let inherited = decl.inheritedNames + extensions.flatMap(\.inheritedNames)
        guard let risky = inherited.first(where: { !isolationFreeConformances.contains($0) && !RoleVocabulary.isViewModelingName($0) }) else {
            return nil
        }
        return "'\(decl.name.text)' inherits '\(risky)', whose members may be called off the main actor"
    }

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.declarations(ClassDeclSyntax.self).compactMap { decl in
            let isNonisolated = decl.modifiers.contains(.nonisolated)
            if decl.attributes.contains(named: "MainActor") || (file.defaultsToMainActor && !isNonisolated) {
                return nil
            }
            // A conformance or base class we cannot see may carry the isolation.
            if !isNonisolated, decl.inheritedNames.contains(where: { !ArchitectureVocabulary.plainProtocols.contains($0) }) {
                return nil
            }
            let reason = Self.isolationRisk(of: decl, in: file)
            return file.report(
                Self.description, at: decl.name,
                "View model '\(decl.name.text)' is not @MainActor; its outputs must change on the main actor.",
                hint: "Add @MainActor to the class.",
                fix: reason == nil ? [file.insertLine("@MainActor", above: decl)] : nil, unfixedBecause: reason,
                when: ArchitectureVocabulary.viewModelConditions(decl)
            )
        }
    }
}
