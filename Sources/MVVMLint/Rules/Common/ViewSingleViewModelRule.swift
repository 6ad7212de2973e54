import SwiftSyntax

/// A screen view has one view model and reads shared objects only to hand them to it.
struct ViewSingleViewModelRule: FileRule {
    static let description = RuleDescription(
        id: "view-single-view-model",
        summary: "A view holds at most one view model; environment objects only as arguments of calls on it.",
        rationale: """
            The responder rule book's rule 1 gives each screen a 1:1 relationship with its view model, and the triad write-up's \
            views have a single `viewModel` property. A second observed object is state the view model \
            does not control; an environment object read for display bypasses it. Passing an environment \
            object into the view model through an action (the responder rule book's rule 8) is the allowed use, and a view \
            whose one view model arrives as an environment object is fine. Observation's environment \
            objects (`@Environment(Model.self)`) count like `@EnvironmentObject` in a view with its own \
            view model (named `viewModel`, generic, or observed through a property wrapper); environment values (`@Environment(\\.dismiss)`) are not objects. The finding sits on \
            the extra property: the view model is the one named `viewModel`, else the one typed with a \
            generic parameter, else one named like a view model.
            """,
        presets: .common, defaultSeverity: .error,
        triggering: [
            RuleExample("""
                struct ProfileView: View {
                    @StateObject var viewModel = ProfileViewModel()
                    @ObservedObject var ↓otherViewModel = OtherViewModel()
                    @ObservedObject var ↓someProvider = SomeProvider()
                    var body: some View { Text(viewModel.name) }
                }
                """),
            RuleExample("""
                struct CounterView: View {
                    @EnvironmentObject private var ↓counterService: CounterService
                    @State var viewModel: CounterViewModel
                    var body: some View { Text("\\(counterService.counter)") }
                }
                """),
            RuleExample("""
                struct ProfileView: View {
                    @ObservedObject var ↓session: SessionStore
                    @StateObject var viewModel = ProfileViewModel()
                    var body: some View { Text(viewModel.name) }
                }
                """),
            RuleExample("""
                struct TimelineView: View {
                    @Environment(\\.dismiss) private var dismiss
                    @Environment(AccountStore.self) private var ↓accounts
                    @State private var viewModel = TimelineViewModel()
                    var body: some View {
                        Text(accounts.current.name)
                        Button("Close") { dismiss() }
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct OrderView: View {
                    @StateObject var viewModel: OrderViewModel
                    let summaryViewModel: SummaryViewModel
                    var body: some View { Text(summaryViewModel.title) }
                }
                """, extraFiles: ["Sources/App/SummaryViewModel.swift": """
                struct SummaryViewModel {
                    let title: String
                }
                """]),
            RuleExample("""
                import SwiftUI
                struct AccountRow: View {
                    @State var viewModel: AccountRowViewModel
                    @Environment(QuickLook.self) private var quickLook
                    var body: some View {
                        Text(viewModel.name).contextMenu {
                            Button("Open") {}
                        } preview: {
                            AccountPreview(account: viewModel.account).environment(quickLook)
                        }
                    }
                }
                """),
            RuleExample("""
                struct PlayNextButton: View {
                    @EnvironmentObject private var manager: MediaPlayerManager
                    var body: some View { Button("Next") { manager.send(.playNext) } }
                }
                """),
            RuleExample("""
                struct ProfileView<ViewModel: ProfileViewModeling>: View {
                    @State var viewModel: ViewModel
                    @State private var draft = ""
                    var body: some View { TextField("Name", text: $draft) }
                }
                """),
            RuleExample("""
                struct SettingsView: View {
                    @EnvironmentObject private var store: SettingsStore
                    @StateObject var viewModel = SettingsViewModel()
                    var body: some View {
                        Text("Hello").onAppear { viewModel.send(.onAppear(store)) }
                    }
                }
                """),
            RuleExample("""
                struct SettingsView: View {
                    @EnvironmentObject var viewModel: SettingsViewModel
                    var body: some View { Toggle("Sync", isOn: $viewModel.isSyncOn) }
                }
                """),
            RuleExample("""
                struct StatusRow: View {
                    @Environment(Theme.self) private var theme
                    @Environment(\\.openURL) private var openURL
                    let status: Status
                    var body: some View { Text(status.content).foregroundStyle(theme.tint) }
                }
                """),
            RuleExample("""
                struct TimelineView: View {
                    @Environment(AccountStore.self) private var accounts
                    @State private var viewModel = TimelineViewModel()
                    var body: some View {
                        List(viewModel.statuses) { Text($0.content) }
                            .task { viewModel.send(.onAppear(accounts)) }
                    }
                }
                """),
            RuleExample("""
                struct AboutView: View {
                    @Environment(Theme.self) private var theme
                    @State private var authorRow: AccountRowViewModel?
                    var body: some View {
                        if let authorRow { AccountRow(viewModel: authorRow).tint(theme.tint) }
                    }
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
                struct Card<Content: View, ID: Hashable>: View {
                    @StateObject var viewModel = CardViewModel()
                    let id: ID
                    let content: Content
                    var body: some View { content.padding() }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.viewCandidates where !ArchitectureVocabulary.isRootOrPreview(decl, in: file) {
            let generics = ArchitectureVocabulary.genericParameters(of: decl)
            let held = decl.properties.filter { !$0.isStatic && $0.isStored && ArchitectureVocabulary.isViewModelProperty($0, genericParameters: generics) }
            let viewModel = Self.mainViewModel(of: held, genericParameters: generics)
            var reported: Set<String> = []
            for extra in held where extra.id != viewModel?.id {
                let name = extra.boundNames.first ?? "?"
                reported.insert(name)
                // Only classes are view models: a `RowViewModel` struct beside it is a value.
                let typeName = extra.declaredType?.writtenName ?? extra.inferredTypeName
                let isObject = typeName.map { [RoleCondition($0, is: .valueType, holds: false)] } ?? []
                found.append(file.report(
                    Self.description, at: extra.bindings.first!.pattern,
                    "View '\(decl.typeName)' holds a second view model or observed object '\(name)'; a view has exactly one view model.",
                    hint: "Move what it provides behind the view's own view model.",
                    when: ArchitectureVocabulary.viewConditions(decl) + isObject
                ))
            }
            let viewModelNames = Set(held.flatMap(\.boundNames))
            // Observation's environment objects count next to the view's own view model; a view
            // without one (or holding only, say, a child's row view model) reading a theme is a
            // plain view.
            let ownsViewModel = viewModel.map { Self.isOwnViewModel($0, genericParameters: generics) } ?? false
            let environmentObjects = decl.properties.filter { $0.attributes.contains(named: "EnvironmentObject") }.count
            let read = decl.properties.compactMap { property -> (property: VariableDeclSyntax, name: String, isObject: Bool)? in
                guard property.id != viewModel?.id else { return nil }
                let isObject = property.attributes.contains(named: "EnvironmentObject")
                guard isObject || (ownsViewModel && Self.readsObservableFromEnvironment(property)),
                      let name = property.boundNames.first, !reported.contains(name) else { return nil }
                return (property, name, isObject)
            }
            guard !read.isEmpty else { continue }
            // One walk finds the uses of every such object: a view reading three walked three times.
            let uses = IdentifierUseFinder(names: Set(read.map(\.name)))
            uses.walkMembers(of: decl)
            for (property, name, isObject) in read {
                // Handing it on (to the view model, or back into the environment of a preview that
                // does not inherit it) is not reading it.
                let displayed = uses.uses[name, default: []].contains { !$0.isArgument(ofCallOn: viewModelNames) && !$0.isEnvironmentArgument }
                // A view that holds no view model of its own may get it from the environment,
                // whatever the property is called: such an object is its view model, not an extra.
                if viewModel == nil && isObject && environmentObjects == 1 { continue }
                let environmentViewModel = viewModel == nil && isObject
                    ? property.declaredType.map { [RoleCondition($0.writtenName, is: .viewModel, holds: false)] } ?? []
                    : []
                if displayed {
                    found.append(file.report(
                        Self.description, at: property.bindings.first!.pattern,
                        "View '\(decl.typeName)' reads the environment object '\(name)' itself; pass it to the view model with an action.",
                        hint: "Send it in an action such as `.onAppear(\(name))`.",
                        when: ArchitectureVocabulary.viewConditions(decl) + environmentViewModel
                    ))
                }
            }
        }
        return found
    }

    /// The property that is the view's own view model among those that may hold one: the one
    /// named `viewModel`, else one typed with a generic parameter, else one named or typed like
    /// a view model, else the first.
    static func mainViewModel(of held: [VariableDeclSyntax], genericParameters: Set<String>) -> VariableDeclSyntax? {
        let ranks: [(VariableDeclSyntax) -> Bool] = [
            { $0.boundNames.contains("viewModel") },
            { genericParameters.contains($0.declaredType?.simpleName ?? "") },
            { $0.boundNames.contains(where: RoleVocabulary.isViewModelPropertyName) },
            { RoleVocabulary.isViewModelName($0.inferredTypeName ?? "") },
        ]
        for rank in ranks {
            if let match = held.first(where: rank) { return match }
        }
        return held.first
    }

    /// Whether a view-model property is the view's own view model: named `viewModel` (or `vm`),
    /// typed with a generic parameter, or observed through a view-model property wrapper.
    static func isOwnViewModel(_ property: VariableDeclSyntax, genericParameters: Set<String>) -> Bool {
        property.boundNames.contains { $0 == "viewModel" || $0 == "vm" }
            || genericParameters.contains(property.declaredType?.simpleName ?? "")
            || property.attributes.names.contains(where: RoleVocabulary.viewModelWrappers.contains)
    }

    /// Whether the property is Observation's `@Environment(Model.self)`: an object, unlike the
    /// values of `@Environment(\.dismiss)`.
    static func readsObservableFromEnvironment(_ property: VariableDeclSyntax) -> Bool {
        guard let attribute = property.attributes.attribute(named: "Environment"),
              case .argumentList(let arguments) = attribute.arguments,
              let member = arguments.first?.expression.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.baseName.tokenKind == .keyword(.self) && member.base != nil
    }
}

/// Finds the uses of some identifiers as expressions (`name` or its projection `$name`), by name.
final class IdentifierUseFinder: ViewMemberVisitor {
    let names: Set<String>
    var uses: [String: [DeclReferenceExprSyntax]] = [:]

    init(names: Set<String>) {
        self.names = names
        super.init()
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let text = node.baseName.text
        let name = text.hasPrefix("$") ? String(text.dropFirst()) : text
        if names.contains(name) {
            uses[name, default: []].append(node)
        }
        return .visitChildren
    }
}

extension SyntaxProtocol {
    /// Whether this node is the whole argument of `.environment(x)` or `.environmentObject(x)`.
    var isEnvironmentArgument: Bool {
        guard let argument = Syntax(self).parent?.as(LabeledExprSyntax.self), argument.label == nil,
              let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
              let callee = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        return ["environment", "environmentObject"].contains(callee.declName.baseName.text)
    }

    /// Whether this node sits in the arguments of a call `x.method(...)` where `x` is one of `receivers`.
    func isArgument(ofCallOn receivers: Set<String>) -> Bool {
        var node = Syntax(self).parent
        while let current = node {
            if let arguments = current.as(LabeledExprListSyntax.self),
               let call = arguments.parent?.as(FunctionCallExprSyntax.self),
               let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
               let base = callee.base?.as(DeclReferenceExprSyntax.self),
               receivers.contains(base.baseName.text) {
                return true
            }
            node = current.parent
        }
        return false
    }
}
