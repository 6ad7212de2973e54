import SwiftSyntax

/// Views ask their view model to change data; they do not change it themselves.
struct ViewStateMutationRule: FileRule {
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange",
        "popLast", "sort", "shuffle", "reverse", "toggle", "merge", "formUnion", "subtract", "update", "updateValue",
    ]

    static let description = RuleDescription(
        id: "view-state-mutation",
        summary: "A view does not mutate its own @State data (append, remove, toggle, +=, ...); it sends an action.",
        rationale: """
            Seed 004's rule 4 shows a view appending to its own `@State` array as the thing not to do: the \
            data must come from, and change in, the view model (seed 000: views hold no logic). Bindings \
            (`$text`) and plain assignments of local input or presentation flags are left alone.
            """,
        presets: .common, defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                struct NumbersView: View {
                    @State private var items: [Int] = []
                    var body: some View {
                        Button("add") { ↓items.append(0) }
                    }
                }
                """),
            RuleExample("""
                struct ScoreView: View {
                    @State private var score = 0
                    @State private var isOn = false
                    var body: some View {
                        Button("+") { ↓score += 1; ↓isOn.toggle() }
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct NumbersView: View {
                    @StateObject var viewModel = NumbersViewModel()
                    var body: some View {
                        Button("add") { viewModel.send(.append(0)) }
                    }
                }
                """),
            RuleExample("""
                struct LoginView: View {
                    @State private var username = ""
                    @State private var isShowingHelp = false
                    var body: some View {
                        TextField("Name", text: $username)
                        Button("Help") { isShowingHelp = true }
                    }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.viewCandidates.flatMap { decl -> [PendingDiagnostic] in
            let generics = ArchitectureVocabulary.genericParameters(of: decl)
            let stateNames = Set(decl.properties.filter {
                $0.attributes.contains(named: "State") && !ArchitectureVocabulary.isViewModelProperty($0, genericParameters: generics)
            }.flatMap(\.boundNames))
            guard !stateNames.isEmpty else { return [] }
            let finder = StateMutationFinder(names: stateNames)
            finder.walk(decl.memberBlock)
            return finder.found.map { node, name in
                file.report(
                    Self.description, at: node,
                    "View '\(decl.typeName)' mutates its @State '\(name)'; send an action to the view model instead.",
                    when: ArchitectureVocabulary.viewConditions(decl)
                )
            }
        }
    }
}

private final class StateMutationFinder: SyntaxVisitor {
    let names: Set<String>
    var found: [(ExprSyntax, String)] = []

    init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
           ViewStateMutationRule.mutatingMethods.contains(member.declName.baseName.text),
           let base = member.base, let name = stateName(base) {
            found.append((base, name))
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (index, element) in elements.enumerated() where index > 0 {
            guard let op = element.as(BinaryOperatorExprSyntax.self),
                  ["+=", "-=", "*=", "/=", "%=", "&=", "|="].contains(op.operator.text),
                  let name = stateName(elements[index - 1]) else { continue }
            found.append((elements[index - 1], name))
        }
        return .visitChildren
    }

    private func stateName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), names.contains(reference.baseName.text) {
            return reference.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self),
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
           names.contains(member.declName.baseName.text) {
            return member.declName.baseName.text
        }
        return nil
    }
}
