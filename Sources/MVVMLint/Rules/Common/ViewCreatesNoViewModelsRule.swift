import SwiftSyntax

/// Views get child view models from their own view model.
struct ViewCreatesNoViewModelsRule: FileRule {
    func check(_ file: FileContext) -> [PendingDiagnostic] {
        file.viewCandidates.filter { !ArchitectureVocabulary.isRootOrPreview($0, in: file) }.flatMap { decl in
            let finder = ViewModelCreationFinder(
                // The same test role resolution uses: a constant holding a child's row view model
                // (`previewStatusViewModel`) does not make the view's own state object an extra.
                ownsNamedViewModel: decl.properties.contains(where: FactExtractor.isOwnViewModel),
                hasViewModelProperty: decl.properties.contains { $0.boundNames.contains(where: RoleVocabulary.isViewModelPropertyName) }
            )
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

    /// Whether the view has a property named as its view model (`viewModel`).
    private let ownsNamedViewModel: Bool
    /// Whether a property is named as the view's view model (`viewModel`).
    private let hasViewModelProperty: Bool

    init(ownsNamedViewModel: Bool, hasViewModelProperty: Bool) {
        self.ownsNamedViewModel = ownsNamedViewModel
        self.hasViewModelProperty = hasViewModelProperty
        super.init()
    }

    // A static member of a view is a factory for its own initial state (`_coordinator =
    // StateObject(wrappedValue: Self.makeCoordinator())`), not part of what it renders.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.modifiers.contains(.static) ? .skipChildren : .visitChildren
    }

    /// Locals of the initialiser being walked whose value becomes a property wrapper's initial
    /// value (`let model = Model(); _model = StateObject(wrappedValue: model)`).
    private var wrappedLocals: Set<String> = []

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let finder = WrappedValueFinder(viewMode: .sourceAccurate)
        if let body = node.body { finder.walk(body) }
        wrappedLocals = finder.names
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) {
        wrappedLocals = []
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
        if !isMember, !wrappedLocals.isEmpty, node.boundNames.contains(where: wrappedLocals.contains) {
            return .skipChildren
        }
        // The initial value of the view's own view model property is its 1:1 view model.
        // So is an object the view owns (`@State private var router = Router()`) when no
        // property is named as its view model: whatever its name, it is the view's own.
        // With no property named as its view model, an owned `*ViewModel` under another name
        // (`@StateObject private var model = SettingsViewModel()`) is the view's own too.
        if isMember,
           node.boundNames.contains(where: RoleVocabulary.isViewModelPropertyName)
            || (!hasViewModelProperty && FactExtractor.isOwnViewModel(node))
            || (!ownsNamedViewModel && (node.attributes.contains(named: "State") || node.attributes.contains(named: "StateObject"))) {
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

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        // `ChildView(viewModel: .init(...))`: the parameter's label says what is created.
        if let label = node.label?.text, RoleVocabulary.isViewModelPropertyName(label),
           let call = node.expression.as(FunctionCallExprSyntax.self), call.isImplicitInit {
            // A view's initialiser: what the view keeps under that name says what `.init` makes.
            // A function's (`.route(viewModel: .init(...))`): the label alone says it.
            let receiver = node.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.calledTypeName
            calls.append((call, .argument(to: receiver)))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
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

/// Finds the names whose value an initialiser hands to a property wrapper: `x` and `x()` in
/// `_model = StateObject(wrappedValue: x)`, `State(initialValue: x())` or `.init(wrappedValue: x)`.
private final class WrappedValueFinder: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let wrapped = node.wrappedValueArgument,
              node.isImplicitInit || RoleVocabulary.ownershipWrappers.contains(node.calledExpression.calledTypeName ?? "")
        else { return .visitChildren }
        let value = wrapped.as(FunctionCallExprSyntax.self)?.calledExpression ?? wrapped
        if let reference = value.as(DeclReferenceExprSyntax.self) {
            names.insert(reference.baseName.text)
        }
        return .visitChildren
    }
}
