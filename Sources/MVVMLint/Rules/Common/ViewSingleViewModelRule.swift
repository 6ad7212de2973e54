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
            object into the view model through an action (the responder rule book's rule 8) is the allowed use.
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
        ],
        nonTriggering: [
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
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        var found: [PendingDiagnostic] = []
        for decl in file.viewCandidates where !ArchitectureVocabulary.isRootOrPreview(decl) {
            let generics = ArchitectureVocabulary.genericParameters(of: decl)
            let held = decl.properties.filter { !$0.isStatic && $0.isStored && ArchitectureVocabulary.isViewModelProperty($0, genericParameters: generics) }
            for extra in held.dropFirst() {
                let name = extra.boundNames.first ?? "?"
                found.append(file.report(
                    Self.description, at: extra.bindings.first!.pattern,
                    "View '\(decl.typeName)' holds a second view model or observed object '\(name)'; a view has exactly one view model.",
                    hint: "Move what it provides behind the view's own view model.",
                    when: ArchitectureVocabulary.viewConditions(decl)
                ))
            }
            let viewModelNames = Set(held.flatMap(\.boundNames))
            for property in decl.properties where property.attributes.contains(named: "EnvironmentObject") {
                guard let name = property.boundNames.first else { continue }
                let uses = IdentifierUseFinder(name: name)
                uses.walk(decl.memberBlock)
                let displayed = uses.uses.contains { !$0.isArgument(ofCallOn: viewModelNames) }
                if displayed {
                    found.append(file.report(
                        Self.description, at: property.bindings.first!.pattern,
                        "View '\(decl.typeName)' reads the environment object '\(name)' itself; pass it to the view model with an action.",
                        hint: "Send it in an action such as `.onAppear(\(name))`.",
                        when: ArchitectureVocabulary.viewConditions(decl)
                    ))
                }
            }
        }
        return found
    }
}

/// Finds the uses of one identifier as an expression.
final class IdentifierUseFinder: SyntaxVisitor {
    let name: String
    var uses: [DeclReferenceExprSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.text == name || node.baseName.text == "$" + name {
            uses.append(node)
        }
        return .visitChildren
    }
}

extension SyntaxProtocol {
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
