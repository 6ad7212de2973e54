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

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.viewCandidates.flatMap { decl -> [PendingDiagnostic] in
            let generics = ArchitectureVocabulary.genericParameters(of: decl)
            // A class declared in this file is an object the view owns, not data in its state; so
            // may be a value of a generic parameter (`@State var fetcher: Fetcher`).
            let generic = decl.as(StructDeclSyntax.self)?.genericParameterClause?.parameters.elements.map(\.name.text) ?? []
            let classes = Set(file.declarations(ClassDeclSyntax.self).map(\.name.text) + generic)
            var stateTypes: [String: String?] = [:]
            var shapes: [String: PresentationShape] = [:]
            var viewModels: Set<String> = []
            for property in decl.properties where ArchitectureVocabulary.isViewModelProperty(property, genericParameters: generics) {
                viewModels.formUnion(property.boundNames)
            }
            for property in decl.properties where property.attributes.contains(named: "State")
                && !ArchitectureVocabulary.isViewModelProperty(property, genericParameters: generics) {
                let type = property.inferredTypeName
                // A UIKit or AppKit object (`@State private var textView = UITextView()`) is an
                // object too: setting its members changes no data of the view.
                guard !Self.presentationTypes.contains(type ?? ""), !classes.contains(type ?? ""),
                      !NonModelShapes.isPlatformUIName(type ?? "") else { continue }
                for name in property.boundNames {
                    stateTypes[name] = .some(type)
                    shapes[name] = Self.presentationShape(of: property, named: name)
                }
            }
            let stateNames = Set(stateTypes.keys)
            guard !stateNames.isEmpty else { return [] }
            let finder = StateMutationFinder(names: stateNames)
            finder.walkMembers(of: decl)
            // State bound as a navigation stack's path (`NavigationStack(path: $routes)`) or a
            // list's selection (`List(selection: $selected)`) is presentation, whatever its type.
            // Found in the same walk and dropped after it: a change is found under the one name
            // its expression starts from, whichever other names are state.
            // So is a selection or a trigger that the view keeps by hand (see `PresentationShape`).
            let changed = Set(finder.found.map(\.1))
            let kept = finder.presentation.union(
                Self.presentationState(in: decl, candidates: shapes.filter { changed.contains($0.key) }, viewModels: viewModels))
            return finder.found.filter { !kept.contains($0.1) }.map { node, name in
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

/// Finds changes to the data in a view's state: mutating calls and compound assignments on it or
/// on its parts, and assignments to its elements or members. Replacing or toggling a whole value
/// is not one.
private final class StateMutationFinder: ViewMemberVisitor {
    let names: Set<String>
    var found: [(ExprSyntax, String)] = []
    /// The state bound as `path: $name` or `selection: $name`: navigation and selection are
    /// presentation, whatever their type.
    var presentation: Set<String> = []
    /// The names each enclosing function or closure declares (its parameters and locals, as far
    /// as the walk has come): a local `var languages` is not the view's `@State` `languages`.
    private var locals: [Set<String>] = []

    init(names: Set<String>) {
        self.names = names
        super.init()
    }

    // A static member has no view whose state it could change; a binding made there still
    // makes the state presentation (`NavigationStack(path: $routes)` in a `static func`).
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.modifiers.contains(.static) {
            let bindings = PresentationBindingFinder(names: names)
            bindings.walk(node)
            presentation.formUnion(bindings.found)
            return .skipChildren
        }
        locals.append(Set(node.signature.parameterClause.parameters.elements.map { ($0.secondName ?? $0.firstName).text }))
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        if !node.modifiers.contains(.static) { locals.removeLast() }
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        var declared: Set<String> = []
        switch node.signature?.parameterClause {
        case .simpleInput(let parameters): declared.formUnion(parameters.map(\.name.text))
        case .parameterClause(let clause): declared.formUnion(clause.parameters.elements.map { ($0.secondName ?? $0.firstName).text })
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

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = PresentationBindingFinder.boundName(node, among: names) {
            presentation.insert(name)
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements.elements)
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

/// Finds the state bound as `path: $name` or `selection: $name` in a part of a view that
/// ``StateMutationFinder`` does not walk for changes (a static function).
private final class PresentationBindingFinder: ViewMemberVisitor {
    let names: Set<String>
    var found: Set<String> = []

    init(names: Set<String>) {
        self.names = names
        super.init()
    }

    /// The state `argument` binds as a path or a selection, if it is one of `names`.
    static func boundName(_ argument: LabeledExprSyntax, among names: Set<String>) -> String? {
        guard let label = argument.label?.text, label == "path" || label == "selection",
              let reference = argument.expression.as(DeclReferenceExprSyntax.self), reference.baseName.text.hasPrefix("$") else { return nil }
        let name = String(reference.baseName.text.dropFirst())
        return names.contains(name) ? name : nil
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = Self.boundName(node, among: names) {
            found.insert(name)
        }
        return .visitChildren
    }
}
