import SwiftSyntax

/// Views ask their view model to change data; they do not change it themselves.
struct ViewStateMutationRule: FileRule {
    // `toggle()` is absent: flipping a presentation flag (`isEditing.toggle()`) is the view's own
    // business, like assigning it.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange",
        "popLast", "sort", "shuffle", "reverse", "merge", "formUnion", "subtract", "update", "updateValue",
    ]

    /// State types that hold presentation, not data: pushing onto a navigation path is navigation.
    static let presentationTypes: Set<String> = ["NavigationPath"]

    static let description = RuleDescription(
        id: "view-state-mutation",
        summary: "A view does not mutate its own @State data (append, remove, +=, ...); it sends an action.",
        rationale: """
            The responder rule book's rule 4 shows a view appending to its own `@State` array as the thing not to do: the \
            data must come from, and change in, the view model (the DevConfiguration architecture notes: views hold no logic). Bindings \
            (`$text`), assigning or toggling local input and presentation flags, and a `NavigationPath` \
            the view pushes onto are left alone.
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
                        Button("+") { ↓score += 1; isOn.toggle() }
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
            RuleExample("""
                struct LibraryView: View {
                    @State private var path = NavigationPath()
                    @State private var isEditing = false
                    var body: some View {
                        NavigationStack(path: $path) {
                            Button("Open") { path.append(7) }
                            Button("Edit") { withAnimation { isEditing.toggle() } }
                        }
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
                    && !Self.presentationTypes.contains($0.inferredTypeName ?? "")
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
