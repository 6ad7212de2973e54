import SwiftSyntax

/// A view is generic over its view model's protocol.
struct ViewGenericOverViewModelRule: FileRule {
    static let description = RuleDescription(
        id: "view-generic-over-view-model",
        summary: "A view with a view model is generic over a *ViewModeling protocol and stores `viewModel: ViewModel`; never a concrete view model or `any XViewModeling`.",
        rationale: """
            The DevConfiguration architecture notes and the triad write-up make each view generic over the protocol of its view model, so a preview \
            or a test can hand it any implementation while the compiler still sees a concrete type. An \
            existential loses that (and its associated types); a concrete class ties the view to one \
            implementation. App roots and previews are exempt.
            """,
        presets: [.triad], defaultSeverity: .error,
        triggering: [
            RuleExample("""
                import SwiftUI
                struct ProfileView: View {
                    @State var viewModel: ↓ProfileViewModel
                    var body: some View { Text(viewModel.name) }
                }
                """, extraFiles: ["Sources/App/ProfileViewModel.swift": """
                @MainActor @Observable final class ProfileViewModel { var name = "" }
                """]),
            // A test view a preview shows is no preview when the app uses it too.
            RuleExample("""
                import SwiftUI
                struct KeypadTestView: View {
                    @StateObject var ↓model = KeypadModel()
                    var body: some View { Text(model.pin) }
                }
                struct LockScreen: View {
                    var body: some View { KeypadTestView() }
                }
                struct Keypad_Previews: PreviewProvider {
                    static var previews: some View { KeypadTestView() }
                }
                """, extraFiles: ["Sources/App/KeypadModel.swift": """
                import Combine
                @MainActor final class KeypadModel: ObservableObject { @Published var pin = "" }
                """]),
            RuleExample("""
                import SwiftUI
                struct ItemListView: View {
                    let viewModel: ↓any ItemListViewModeling
                    var body: some View { List(viewModel.items) { Text($0.title) } }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct SettingsView: View {
                    @StateObject private var viewModel: ↓SettingsViewModeling
                    var body: some View { Toggle("Sync", isOn: .constant(viewModel.sync)) }
                }
                """),
        ],
        nonTriggering: [
            // Views and view models declared in a preview provider, or in an extension of it,
            // are the preview's: no view or view-model rule applies to them.
            RuleExample("""
                import SwiftUI
                struct Keypad_Previews: PreviewProvider {
                    static var previews: some View { KeypadTestView() }
                    struct KeypadTestView: View {
                        @StateObject var model = PreviewModel()
                        final class PreviewModel: ObservableObject { @Published var pin = "" }
                        var body: some View { Text(model.pin) }
                    }
                }
                extension Keypad_Previews {
                    struct LockedTestView: View {
                        @State var model: LockedViewModel
                        var body: some View { Text(model.pin) }
                    }
                    @Observable final class LockedViewModel { var pin = "" }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct ItemListView<ViewModel: ItemListViewModeling>: View {
                    @State var viewModel: ViewModel
                    var body: some View { List(viewModel.items) { Text($0.title) } }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct HomeView<ViewModel>: View where ViewModel: HomeViewModeling {
                    @State var viewModel: ViewModel
                    var body: some View { Text(viewModel.title) }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct BadgeView: View {
                    @ObservedObject var store: BadgeStore
                    var body: some View { Text("\\(store.count)") }
                }
                """),
            RuleExample("""
                struct LibraryView<ViewModel: LibraryViewModeling>: View {
                    var viewModel: ViewModel
                    let makeDetail: () -> DetailViewModel
                    private let makeRow: (Int) -> RowViewModel
                    var body: some View { Text(viewModel.title) }
                }
                """),
            RuleExample("""
                import SwiftUI
                @main
                struct ShopApp: App {
                    @State private var viewModel = RootViewModel()
                    var body: some Scene { WindowGroup { RootView(viewModel: viewModel) } }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.viewCandidates where decl.kind != .extensionDecl && !ArchitectureVocabulary.isRootOrPreview(decl, in: file) {
            let generics = ArchitectureVocabulary.genericParameters(of: decl)
            for property in decl.properties where !property.isStatic && property.isStored
                && ArchitectureVocabulary.isViewModelProperty(property, genericParameters: generics) {
                guard let binding = property.bindings.elements.first else { continue }
                let conditions = ArchitectureVocabulary.viewConditions(decl)
                if let type = property.declaredType {
                    let name = type.simpleName
                    if generics.contains(name) { continue }
                    if type.isExistential || RoleVocabulary.isViewModelingName(name) {
                        found.append(file.report(
                            Self.description, at: type,
                            "View '\(decl.typeName)' stores its view model as the existential '\(type.trimmedText)'.",
                            hint: "Make the view generic: `<ViewModel: \(name)>` and `var viewModel: ViewModel`.",
                            when: conditions
                        ))
                    } else {
                        found.append(file.report(
                            Self.description, at: type,
                            "View '\(decl.typeName)' stores the concrete view model '\(name)'.",
                            hint: "Make the view generic over \(name)'s protocol: `<ViewModel: \(name)ing>`.",
                            when: conditions + [RoleCondition(name, is: .viewModel)]
                        ))
                    }
                } else if let name = property.inferredTypeName {
                    found.append(file.report(
                        Self.description, at: binding.pattern,
                        "View '\(decl.typeName)' stores the concrete view model '\(name)'.",
                        hint: "Declare `var viewModel: ViewModel` with a generic parameter and receive it in `init`.",
                        when: conditions + [RoleCondition(name, is: .viewModel)]
                    ))
                }
            }
        }
        return found
    }
}
