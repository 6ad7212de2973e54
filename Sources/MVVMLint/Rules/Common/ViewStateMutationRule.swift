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
            data must come from, and change in, the view model (the DevConfiguration architecture notes: views hold no logic). Changing \
            the data in state is reported: mutating calls (`append`, `remove`, `sort`...), compound \
            assignment (`+=`), and assigning or toggling an element or member (`items[0] = x`, \
            `draft.title = x`). Presentation state is the view's own: bindings (`$text`), replacing or \
            toggling a whole value (`isPresented = true`, `selectedTab = .a`, `flag.toggle()`), and a \
            `NavigationPath`, or any state bound as a navigation stack's `path:` or a list's `selection:`, \
            that the view pushes onto or selects into are left alone, as is emptying a whole value \
            (`selection.removeAll()`, like `selection = []`), and so is an observable object the view keeps in `@State` (a class of \
            the file, a view model, or a value of a generic parameter): its members are not the view's \
            data.
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
            RuleExample("""
                struct EditorView: View {
                    @State private var draft = Draft()
                    @State private var items = [0, 1]
                    var body: some View {
                        Button("Rename") { ↓draft.title = "Untitled" }
                        Button("Tag") { ↓draft.tags.append("new") }
                        Button("Pin") { ↓self.draft.isPinned.toggle() }
                        Button("Reset") { ↓items[0] = 0 }
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                import SwiftUI
                struct EditorView: View {
                    @State private var textView = UITextView()
                    var body: some View {
                        Button("Lock") { textView.isEditable = false }
                    }
                }
                """),
            RuleExample("""
                struct LanguagePicker: View {
                    @State private var languages: [String] = []
                    static func load() -> [String] {
                        var languages: [String: String] = [:]
                        languages["en"] = "English"
                        return Array(languages.values)
                    }
                    var body: some View {
                        Button("Sort") {
                            var languages = ["fr", "de"]
                            languages.sort()
                        }
                    }
                }
                """),
            RuleExample("""
                struct TagsView: View {
                    @State private var selectedTags: Set<String> = []
                    @State private var picked: [Int] = []
                    var body: some View {
                        List(viewModel.tags, id: \\.self, selection: $selectedTags) { Text($0) }
                        Button("Select all") { selectedTags.formUnion(viewModel.tags) }
                        Button("Clear") { picked.removeAll() }
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct AccountStatusesView: View {
                    @State private var fetcher: AccountStatusesFetcher?
                    var body: some View {
                        Button("More") { fetcher?.page += 1 }
                    }
                }
                """, extraFiles: ["Sources/App/AccountStatusesFetcher.swift": """
                @MainActor final class AccountStatusesFetcher { var page = 0 }
                """]),
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
            RuleExample("""
                struct RootView: View {
                    enum Tab { case feed, profile }
                    @State private var selectedTab = Tab.feed
                    @State private var offset = CGSize.zero
                    @State private var routes: [Route] = []
                    @State private var draft = Draft()
                    var body: some View {
                        NavigationStack(path: $routes) {
                            Button("Profile") { selectedTab = .profile; routes.append(.settings) }
                            Button("Back") { routes.removeLast() }
                            Button("Discard") { self.draft = Draft(); offset = .zero }
                        }
                    }
                }
                """),
            RuleExample("""
                @Observable final class RouterPath {
                    var path: [Route] = []
                }
                struct ListScreen<Fetcher: StatusesFetching>: View {
                    @State private var fetcher: Fetcher
                    var body: some View { Button("More") { fetcher.page += 1; fetcher.statuses.removeAll() } }
                }
                struct TabRoot: View {
                    @State private var router = RouterPath()
                    @State private var session = SessionViewModel()
                    var body: some View {
                        Button("Home") { router.path = []; session.isActive.toggle() }
                    }
                }
                """),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.viewCandidates.flatMap { decl -> [PendingDiagnostic] in
            let generics = ArchitectureVocabulary.genericParameters(of: decl)
            // A class declared in this file is an object the view owns, not data in its state; so
            // may be a value of a generic parameter (`@State var fetcher: Fetcher`).
            let generic = decl.as(StructDeclSyntax.self)?.genericParameterClause?.parameters.map(\.name.text) ?? []
            let classes = Set(file.declarations(ClassDeclSyntax.self).map(\.name.text) + generic)
            var stateTypes: [String: String?] = [:]
            for property in decl.properties where property.attributes.contains(named: "State")
                && !ArchitectureVocabulary.isViewModelProperty(property, genericParameters: generics) {
                let type = property.inferredTypeName
                // A UIKit or AppKit object (`@State private var textView = UITextView()`) is an
                // object too: setting its members changes no data of the view.
                guard !Self.presentationTypes.contains(type ?? ""), !classes.contains(type ?? ""),
                      !NonModelShapes.isPlatformUIName(type ?? "") else { continue }
                for name in property.boundNames {
                    stateTypes[name] = .some(type)
                }
            }
            let stateNames = Set(stateTypes.keys)
            guard !stateNames.isEmpty else { return [] }
            // State bound as a navigation stack's path (`NavigationStack(path: $routes)`) or a
            // list's selection (`List(selection: $selected)`) is presentation, whatever its type.
            let paths = NavigationPathFinder(names: stateNames)
            paths.walkMembers(of: decl)
            let finder = StateMutationFinder(names: stateNames.subtracting(paths.found))
            finder.walkMembers(of: decl)
            return finder.found.map { node, name in
                // An object held in `@State` (the view's view model, or any class of the project)
                // has members that are not the view's data.
                let type = stateTypes[name].flatMap { $0 }
                let notAnObject = type.map {
                    [RoleCondition($0, is: .viewModel, holds: false), RoleCondition($0, is: .referenceType, holds: false)]
                } ?? []
                return file.report(
                    Self.description, at: node,
                    "View '\(decl.typeName)' mutates its @State '\(name)'; send an action to the view model instead.",
                    when: ArchitectureVocabulary.viewConditions(decl) + notAnObject
                )
            }
        }
    }
}

/// Finds the state bound as `path: $name` or `selection: $name`: navigation and selection are
/// presentation, whatever their type.
private final class NavigationPathFinder: ViewMemberVisitor {
    let names: Set<String>
    var found: Set<String> = []

    init(names: Set<String>) {
        self.names = names
        super.init()
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        if node.label.map({ ["path", "selection"].contains($0.text) }) == true, let reference = node.expression.as(DeclReferenceExprSyntax.self),
           reference.baseName.text.hasPrefix("$"), names.contains(String(reference.baseName.text.dropFirst())) {
            found.insert(String(reference.baseName.text.dropFirst()))
        }
        return .visitChildren
    }
}

/// Finds changes to the data in a view's state: mutating calls and compound assignments on it or
/// on its parts, and assignments to its elements or members. Replacing or toggling a whole value
/// is not one.
private final class StateMutationFinder: ViewMemberVisitor {
    let names: Set<String>
    var found: [(ExprSyntax, String)] = []
    /// The names each enclosing function or closure declares (its parameters and locals, as far
    /// as the walk has come): a local `var languages` is not the view's `@State` `languages`.
    private var locals: [Set<String>] = []

    init(names: Set<String>) {
        self.names = names
        super.init()
    }

    // A static member has no view whose state it could change.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.modifiers.contains(.static) { return .skipChildren }
        locals.append(Set(node.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }))
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        if !node.modifiers.contains(.static) { locals.removeLast() }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        var declared: Set<String> = []
        switch node.signature?.parameterClause {
        case .simpleInput(let parameters): declared.formUnion(parameters.map(\.name.text))
        case .parameterClause(let clause): declared.formUnion(clause.parameters.map { ($0.secondName ?? $0.firstName).text })
        case nil: break
        }
        locals.append(declared)
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        locals.removeLast()
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.is(MemberBlockItemSyntax.self) != true, !locals.isEmpty {
            locals[locals.count - 1].formUnion(node.boundNames)
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if !locals.isEmpty, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            locals[locals.count - 1].insert(name)
        }
        return .visitChildren
    }

    private func isLocal(_ name: String) -> Bool {
        locals.contains { $0.contains(name) }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return .visitChildren
        }
        let method = member.declName.baseName.text
        if method == "removeAll", node.arguments.isEmpty, stateName(base, wholeOnly: true) != nil {
            // Emptying the whole value is replacing it (`selection = []`): a reset, not an edit.
        } else if ViewStateMutationRule.mutatingMethods.contains(method), let name = stateName(base, wholeOnly: false) {
            found.append((base, name))
        } else if method == "toggle", node.arguments.isEmpty, stateName(base, wholeOnly: true) == nil,
                  let name = stateName(base, wholeOnly: false) {
            // Toggling a whole flag is presentation; toggling a part of a value changes data.
            found.append((base, name))
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (index, element) in elements.enumerated() where index > 0 {
            let target = elements[index - 1]
            if let op = element.as(BinaryOperatorExprSyntax.self),
               ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="].contains(op.operator.text),
               let name = stateName(target, wholeOnly: false) {
                found.append((target, name))
            } else if element.is(AssignmentExprSyntax.self), stateName(target, wholeOnly: true) == nil,
                      let name = stateName(target, wholeOnly: false) {
                found.append((target, name))
            }
        }
        return .visitChildren
    }

    /// The state an expression names: with `wholeOnly`, the state itself (`name`, `self.name`);
    /// otherwise also a part of it (`name.member`, `name[i]`, `name?.member`, chains of them).
    private func stateName(_ expression: ExprSyntax, wholeOnly: Bool) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), names.contains(reference.baseName.text),
           !isLocal(reference.baseName.text) {
            return reference.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self),
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
           names.contains(member.declName.baseName.text) {
            return member.declName.baseName.text
        }
        guard !wholeOnly else { return nil }
        var current = expression
        // Parts are bounded by the expression's own depth; the count guards odd input.
        for _ in 0..<64 {
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                current = base
            } else if let subscriptCall = current.as(SubscriptCallExprSyntax.self) {
                current = subscriptCall.calledExpression
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
                current = forced.expression
            } else {
                break
            }
            if let name = stateName(current, wholeOnly: true) {
                return name
            }
        }
        return nil
    }
}
