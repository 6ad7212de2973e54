import SwiftSyntax

/// Views get child view models from their own view model.
struct ViewCreatesNoViewModelsRule: FileRule {
    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.viewCandidates.filter { !ArchitectureVocabulary.isRootOrPreview($0, in: file) }.flatMap { decl in
            let finder = ViewModelCreationFinder(ownership: ViewModelOwnership(decl, in: file))
            finder.walkMembers(of: decl)
            // Asked once per view: a body creates dozens of values (`Text(...)`, `VStack`).
            let isView = finder.calls.isEmpty ? [] : ArchitectureVocabulary.viewConditions(decl)
            let view = decl.typeName
            return finder.calls.map { call, created in
                let what: String, factory: String, condition: RoleCondition?
                switch created {
                case .type(let type):
                    (what, factory, condition) = ("the view model '\(type)'", "make\(type)", RoleCondition(type, is: .viewModel))
                case .argument(let receiver):
                    // `.init(...)` handed to a `viewModel:` parameter names no type: the label says
                    // what it is, if the receiving view keeps a view model (a class) under it.
                    (what, factory, condition) = ("a view model with '.init(...)'", "make...ViewModel", receiver.map { RoleCondition($0, is: .viewModelOwner) })
                }
                return file.report(
                    Self.description, at: call,
                    "View '\(view)' creates \(what); get it from its own view model instead.",
                    hint: "Add a `\(factory)()` factory or a child property to the view's view model.",
                    when: isView + (condition.map { [$0] } ?? [])
                )
            }
        }
    }
}

private final class ViewModelCreationFinder: ViewMemberVisitor {
    /// What a creation makes: a named type, or whatever a view takes as its `viewModel:`.
    enum Created {
        case type(String)
        case argument(to: String?)
    }

    /// Each creation, with what it makes.
    var calls: [(FunctionCallExprSyntax, Created)] = []

    /// Which properties hold the view's own view model.
    private let ownership: ViewCreatesNoViewModelsRule.ViewModelOwnership

    init(ownership: ViewCreatesNoViewModelsRule.ViewModelOwnership) {
        self.ownership = ownership
        super.init()
    }

    // A static member of a view is a factory for its own initial state (`_coordinator =
    // StateObject(wrappedValue: Self.makeCoordinator())`), not part of what it renders.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.modifiers.contains(.static) ? .skipChildren : .visitChildren
    }

    /// What the initialiser being walked does with the view's own view model.
    private var initializer = ViewCreatesNoViewModelsRule.InitializerOwnership()

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let finder = ViewCreatesNoViewModelsRule.InitializerOwnershipFinder(ownership: ownership)
        if let body = node.body { finder.walk(body) }
        initializer = finder.found
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) {
        initializer = ViewCreatesNoViewModelsRule.InitializerOwnership()
    }

    // A default argument of the view's initialiser (`init(viewModel: Model = Model())`) is the
    // view's own object made on its caller's behalf.
    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        node.parent?.parent?.parent?.parent?.is(InitializerDeclSyntax.self) == true ? .skipChildren : .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // Asked of every local in a body too: the member questions only of members.
        let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
        if isMember, node.isStatic {
            return .skipChildren
        }
        if !isMember, !initializer.ownLocals.isEmpty, node.boundNames.contains(where: initializer.ownLocals.contains) {
            return .skipChildren
        }
        if isMember, ownership.isOwn(node) {
            return .skipChildren
        }
        // `var detail: DetailViewModel = .init()`: the annotation names what `.init` creates.
        for binding in node.bindings.elements {
            if let type = binding.typeAnnotation?.type, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
               call.isImplicitInit, let name = Self.plainTypeName(type) {
                calls.append((call, .type(name)))
            }
        }
        return .visitChildren
    }

    // `guard let model = Model(id: id) else { return nil }` before handing `model` on.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        guard !initializer.ownLocals.isEmpty, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              initializer.ownLocals.contains(name) else { return .visitChildren }
        return .skipChildren
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        // `ChildView(viewModel: .init(...))`: the parameter's label says what is created.
        if let label = node.label?.text, RoleVocabulary.isViewModelPropertyName(label),
           let call = node.expression.as(FunctionCallExprSyntax.self), call.isImplicitInit,
           !initializer.ownValues.contains(call.id) {
            // A view's initialiser: what the view keeps under that name says what `.init` makes.
            // A function's (`.route(viewModel: .init(...))`): the label alone says it.
            let receiver = node.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.calledTypeName
            calls.append((call, .argument(to: receiver)))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if !initializer.ownValues.isEmpty, initializer.ownValues.contains(node.id) {
            return .skipChildren
        }
        // A wrapper given the initial value of an object that is not the view's own (a second
        // one beside a view model from the environment): what it wraps is a creation.
        if !initializer.otherWrappers.isEmpty, initializer.otherWrappers.contains(node.id) {
            return .visitChildren
        }
        // `_router = .init(initialValue: Router())` in init is a property wrapper's initial value.
        if node.isImplicitInit, node.wrappedValueArgument != nil {
            return .skipChildren
        }
        guard let type = node.calledExpression.calledTypeName else { return .visitChildren }
        // `_viewModel = StateObject(wrappedValue: ViewModel())` in init is the property's initial value.
        if RoleVocabulary.ownershipWrappers.contains(type) {
            return .skipChildren
        }
        calls.append((node, .type(type)))
        return .visitChildren
    }

    /// `T` of an annotation `T` or `T?`; nothing for collections and other shapes.
    private static func plainTypeName(_ type: TypeSyntax) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) {
            return plainTypeName(optional.wrappedType)
        }
        if type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) {
            return type.simpleName
        }
        return nil
    }
}
