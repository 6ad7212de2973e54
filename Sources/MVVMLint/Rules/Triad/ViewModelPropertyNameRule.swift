import SwiftSyntax

/// The view's view model is `viewModel`, of the generic type `ViewModel`.
struct ViewModelPropertyNameRule: FileRule {
    static let description = RuleDescription(
        id: "view-model-property-name",
        summary: "A view's view-model property is named `viewModel` and its generic parameter `ViewModel`.",
        rationale: """
            The triad write-up names them the same in every screen, so any view reads the same way and tools (this \
            linter, the graph exporter) find the view model without guessing. Views that hold several \
            view models are left to `view-single-view-model`. `--fix` renames the property and every use of it when \
            it is `private` or `fileprivate` in a struct and the file shows every use (not the generic parameter); \
            otherwise `--fix` says why it leaves the finding.
            """,
        presets: [.triad], defaultSeverity: .warning, isFixable: true,
        triggering: [
            RuleExample("""
                import SwiftUI
                struct ItemListView<ViewModel: ItemListViewModeling>: View {
                    @State var ↓model: ViewModel
                    var body: some View { List(model.items) { Text($0.title) } }
                }
                """, unfixedReason: "'model' is not private, so other files may use it"),
            RuleExample("""
                import SwiftUI
                struct SearchView<ViewModel: SearchViewModeling>: View {
                    @State private var ↓model: ViewModel
                    init(model: ViewModel) {
                        _model = State(initialValue: model)
                    }
                    var body: some View {
                        List(model.results) { Text($0.title) }
                            .searchable(text: $model.query)
                            .refreshable { await self.model.refresh() }
                    }
                }
                """, fixed: """
                import SwiftUI
                struct SearchView<ViewModel: SearchViewModeling>: View {
                    @State private var viewModel: ViewModel
                    init(model: ViewModel) {
                        _viewModel = State(initialValue: model)
                    }
                    var body: some View {
                        List(viewModel.results) { Text($0.title) }
                            .searchable(text: $viewModel.query)
                            .refreshable { await self.viewModel.refresh() }
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct PlayerListView: View {
                    @Bindable private var ↓model: PlayerListViewModel
                    init(players: PlayerListViewModel) { model = players }
                    var body: some View { List(model.players) { row($0) } }
                }
                extension PlayerListView {
                    private func row(_ player: Player) -> some View {
                        Button(player.name) { model.select(player) }
                    }
                }
                """, fixed: """
                import SwiftUI
                struct PlayerListView: View {
                    @Bindable private var viewModel: PlayerListViewModel
                    init(players: PlayerListViewModel) { viewModel = players }
                    var body: some View { List(viewModel.players) { row($0) } }
                }
                extension PlayerListView {
                    private func row(_ player: Player) -> some View {
                        Button(player.name) { viewModel.select(player) }
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct ProfileView: View {
                    @State private var ↓model: ProfileViewModel
                    init(viewModel: ProfileViewModel) { _model = State(initialValue: viewModel) }
                    var body: some View { Text(model.name) }
                }
                """, unfixedReason: "'viewModel' is already used in the view"),
            RuleExample("""
                import SwiftUI
                struct HomeView<↓VM: HomeViewModeling>: View {
                    @State var viewModel: VM
                    var body: some View { Text(viewModel.title) }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct CartView<↓Model>: View where Model: CartViewModeling {
                    @State var ↓vm: Model
                    var body: some View { Text(vm.total) }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct PlayerListView: View {
                    @Bindable var ↓model: PlayerListViewModel
                    var body: some View { List(model.players) { Text($0.name) } }
                }
                """),
        ],
        nonTriggering: [
            // A view a preview provider declares is the preview's.
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
                """),
            RuleExample("""
                struct DetailLinkView: View {
                    let makeDetail: () -> DetailViewModel
                    var body: some View { NavigationLink("Open") { DetailView(viewModel: makeDetail()) } }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct FollowButton: View {
                    let viewModel: FollowButtonViewModel
                    var body: some View { Text(viewModel.title) }
                }
                struct AccountInfoView: View {
                    @Binding var followButtonViewModel: FollowButtonViewModel?
                    var body: some View {
                        if let model = followButtonViewModel { FollowButton(viewModel: model) }
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct DisplaySettingsView: View {
                    @State private var localValues = DisplaySettingsLocalValues()
                    private let previewViewModel = StatusRowViewModel(status: .placeholder)
                    var body: some View { Text(localValues.title) }
                }
                """, extraFiles: ["Sources/App/DisplaySettingsLocalValues.swift": """
                import Observation
                @Observable final class DisplaySettingsLocalValues { var title = "" }
                """]),
            RuleExample("""
                struct CardView<Content: View, ID: Hashable>: View {
                    let id: ID
                    let content: Content
                    var body: some View { content }
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
                struct CardView<ViewModel: CardViewModeling, Footer: View>: View {
                    @State var viewModel: ViewModel
                    let footer: Footer
                    var body: some View { VStack { Text(viewModel.title); footer } }
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
                import SwiftUI
                struct CounterLabel: View {
                    let count: Int
                    var body: some View { Text("\\(count)") }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.viewCandidates where decl.kind != .extensionDecl && !ArchitectureVocabulary.isRootOrPreview(decl, in: file) {
            let conditions = ArchitectureVocabulary.viewConditions(decl)
            let parameters = Self.viewModelingParameters(of: decl)
            if parameters.count == 1, let parameter = parameters.first, parameter.text != "ViewModel" {
                found.append(file.report(
                    Self.description, at: parameter,
                    "View '\(decl.typeName)' names its view model's generic parameter '\(parameter.text)'.",
                    hint: "Rename it `ViewModel`.", when: conditions
                ))
            }
            let generics = ArchitectureVocabulary.genericParameters(of: decl)
            let held = decl.properties.filter {
                !$0.isStatic && $0.isStored && ArchitectureVocabulary.isViewModelProperty($0, genericParameters: generics)
            }
            if held.count == 1, let binding = held[0].bindings.elements.first, let name = held[0].boundNames.first, name != "viewModel",
               let holds = ArchitectureVocabulary.viewModelPropertyConditions(held[0], genericParameters: generics) {
                // An object the view also owns in `@State` may be a second view model (by role,
                // project-wide); a view with several is left to `view-single-view-model`.
                let noOtherOwned = decl.properties
                    .filter { $0.id != held[0].id && !$0.isStatic && $0.attributes.contains(named: "State") }
                    .compactMap { $0.declaredType?.writtenName ?? $0.inferredTypeName }
                    .filter { !decl.genericParameterNames.contains($0) }
                    .map { RoleCondition($0, is: .viewModel, holds: false) }
                // `FollowButtonViewModel` held by another view belongs to the view `FollowButton`
                // (or `FollowButtonView`): the holder only keeps it for that child.
                var notAnotherViewsModel: [RoleCondition] = []
                if let typeName = held[0].declaredType?.writtenName ?? held[0].inferredTypeName,
                   RoleVocabulary.isViewModelName(typeName) {
                    let owner = String(typeName.dropLast(RoleVocabulary.viewModelSuffix.count))
                    if owner != decl.typeName && owner + "View" != decl.typeName {
                        notAnotherViewsModel = [RoleCondition(owner, is: .view, holds: false), RoleCondition(owner + "View", is: .view, holds: false)]
                    }
                }
                // The rename is worked out in the fix pass (`ViewModelPropertyNameRule+Fix`).
                found.append(file.report(
                    Self.description, at: binding.pattern, "View '\(decl.typeName)' names its view model '\(name)'.",
                    hint: "Rename it `viewModel`.", when: conditions + holds + noOtherOwned + notAnotherViewsModel
                ))
            }
        }
        return found
    }

    /// Generic parameters constrained to a `*ViewModeling` protocol, in the clause or a `where`.
    static func viewModelingParameters(of decl: some DeclGroupSyntax) -> [TokenSyntax] {
        let clause = decl.as(StructDeclSyntax.self)?.genericParameterClause ?? decl.as(ClassDeclSyntax.self)?.genericParameterClause
        let whereClause = decl.as(StructDeclSyntax.self)?.genericWhereClause ?? decl.as(ClassDeclSyntax.self)?.genericWhereClause
        var constrainedInWhere: Set<String> = []
        for requirement in whereClause.map({ Array($0.requirements.elements) }) ?? [] {
            if case .conformanceRequirement(let conformance) = requirement.requirement,
               RoleVocabulary.isViewModelingName(conformance.rightType.simpleName) {
                constrainedInWhere.insert(conformance.leftType.simpleName)
            }
        }
        return (clause.map { Array($0.parameters.elements) } ?? []).filter { parameter in
            constrainedInWhere.contains(parameter.name.text)
                || RoleVocabulary.isViewModelingName(parameter.inheritedType?.simpleName ?? "")
        }.map(\.name)
    }
}
