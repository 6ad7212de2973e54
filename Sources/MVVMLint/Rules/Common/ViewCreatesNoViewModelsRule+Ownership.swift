import SwiftSyntax

/// How ``ViewCreatesNoViewModelsRule`` tells a view making its own view model (exempt) from a
/// view making one for someone else.
extension ViewCreatesNoViewModelsRule {
    /// Which of a view's stored properties hold the view's own view model, whose creation (an
    /// initial value, or an assignment in `init`) is the view owning it rather than making a view
    /// model for someone else.
    struct ViewModelOwnership {
        /// The view's members, or those of the view an extension extends when this file declares
        /// it: an extension's `init` assigns the properties declared there.
        let properties: [VariableDeclSyntax]
        /// Whether `properties` are the view's stored properties; `false` for an extension of a view
        /// declared elsewhere, whose assignments in `init` are then left as they were.
        let knowsStoredProperties: Bool
        /// Whether the view has a property named as its view model (`viewModel`), or reads one
        /// typed as a view model from the environment.
        let hasViewModelProperty: Bool
        /// Whether a property of the view holds its view model by name or type: the same test role
        /// resolution uses, so a constant holding a child's row view model
        /// (`previewStatusViewModel`) does not make the view's own state object an extra; a view
        /// model the view reads from the environment counts.
        let ownsNamedViewModel: Bool
        /// The stored properties through which the view observes an object that may be a view
        /// model: wrapped in `@StateObject`, `@ObservedObject` or `@Bindable`, named or typed as a
        /// view model, or a view model read from the environment.
        private let observed: [VariableDeclSyntax]

        init(_ decl: some DeclGroupSyntax, in file: FileContext) {
            let own = decl.properties
            var properties = own
            var knows = decl.kind != .extensionDecl
            if !knows {
                let name = decl.qualifiedTypeName
                if let declared = file.viewCandidates.first(where: { $0.kind != .extensionDecl && $0.qualifiedTypeName == name }) {
                    properties = declared.properties
                    knows = true
                }
            }
            self.properties = properties
            knowsStoredProperties = knows
            let environmentViewModel = properties.contains(where: Self.isEnvironmentViewModel)
            // Read from the declaration's own members: they settle what its members' initial
            // values are, the view's stored properties what its `init` assigns.
            hasViewModelProperty = environmentViewModel || own.contains { $0.boundNames.contains(where: RoleVocabulary.isViewModelPropertyName) }
            ownsNamedViewModel = environmentViewModel || own.contains(where: FactExtractor.isOwnViewModel)
            observed = properties.filter { property in
                guard property.isStored, !property.isStatic else { return false }
                if property.environmentObjectTypeName != nil { return Self.isEnvironmentViewModel(property) }
                if property.attributes.names.contains(where: RoleVocabulary.viewModelWrappers.contains) { return true }
                if property.boundNames.contains(where: RoleVocabulary.isViewModelPropertyName) { return true }
                return RoleVocabulary.endsInViewModel(property.inferredTypeName ?? "")
            }
        }

        /// `@EnvironmentObject var viewModel: X` or `@Environment(CartViewModel.self) var cart`.
        private static func isEnvironmentViewModel(_ property: VariableDeclSyntax) -> Bool {
            guard let type = property.environmentObjectTypeName else { return false }
            return RoleVocabulary.endsInViewModel(type.split(separator: ".").last ?? "")
                || property.boundNames.contains(where: RoleVocabulary.isViewModelPropertyName)
        }

        /// Whether creating the value of `property` is the view owning its view model.
        func isOwn(_ property: VariableDeclSyntax) -> Bool {
            // The view's own view model property, however it is spelled, is its 1:1 view model.
            // So is an object the view owns (`@State private var router = Router()`) when no
            // property is named as its view model: whatever its name, it is the view's own.
            // With no property named as its view model, an owned `*ViewModel` under another name
            // (`@StateObject private var model = SettingsViewModel()`) is the view's own too.
            if property.boundNames.contains(where: RoleVocabulary.isViewModelPropertyName)
                || (!hasViewModelProperty && FactExtractor.isOwnViewModel(property))
                || (!ownsNamedViewModel && (property.attributes.contains(named: "State") || property.attributes.contains(named: "StateObject"))) {
                return true
            }
            // The one object the view observes is its own too, whether it observes it
            // (`@ObservedObject var model = Model()`) or keeps it in a plain stored property.
            guard property.isStored, !property.isStatic, property.environmentObjectTypeName == nil,
                  property.attributes.names.allSatisfy(RoleVocabulary.ownershipWrappers.contains) else { return false }
            return !observed.contains { $0.id != property.id }
        }

        /// What an assignment in `init` to the property `name` (or `_name`) is: the view owning
        /// its view model, something else, or a name the view does not declare here (`nil`).
        func isOwn(named name: String) -> Bool? {
            guard knowsStoredProperties else { return nil }
            let plain = name.hasPrefix("_") ? String(name.dropFirst()) : name
            for candidate in [name, plain] {
                if let property = properties.first(where: { $0.isStored && !$0.isStatic && $0.boundNames.contains(candidate) }) {
                    return isOwn(property)
                }
            }
            return nil
        }

        /// Whether `self.init(label: x)` hands `x` to the view's own view model: the label names
        /// a property that is the view's own, or says `viewModel` when the view observes one object.
        func delegatesOwn(label: String) -> Bool {
            if let own = isOwn(named: label) { return own }
            guard knowsStoredProperties, RoleVocabulary.isViewModelPropertyName(label), observed.count == 1 else { return false }
            return isOwn(observed[0])
        }
    }

    /// What one initialiser of a view does with the view's own view model.
    struct InitializerOwnership {
        /// Calls that make the view's own view model: assigned to its property (`self.model =
        /// Model()`) or handed to the initialiser this one delegates to (`self.init(viewModel:
        /// Model())`).
        var ownValues: Set<SyntaxIdentifier> = []
        /// Locals whose value becomes the view's own view model: a property wrapper's initial value
        /// (`let model = Model(); _model = StateObject(wrappedValue: model)`), assigned to its
        /// property, or handed to `self.init(viewModel: model)`.
        var ownLocals: Set<String> = []
        /// Property wrappers made for a property that is not the view's own view model
        /// (`_promo = StateObject(wrappedValue: PromoViewModel())` beside a view model from the
        /// environment).
        var otherWrappers: Set<SyntaxIdentifier> = []
    }

    /// Reads an initialiser's body for what becomes the view's own view model, before the
    /// creations in it are looked at.
    final class InitializerOwnershipFinder: SyntaxVisitor {
        private(set) var found = InitializerOwnership()
        private let ownership: ViewModelOwnership

        init(ownership: ViewModelOwnership) {
            self.ownership = ownership
            super.init(viewMode: .sourceAccurate)
        }

        // Nested types and closures' own declarations are not this initialiser's.
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        // `target = value`: an assignment is a sequence of three until operators are folded.
        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let target = elements[0].assignedPropertyName,
                  let isOwn = ownership.isOwn(named: target) else { return .visitChildren }
            let value = elements[2].withoutEffectMarks
            guard let call = value.as(FunctionCallExprSyntax.self) else {
                if isOwn, let local = value.as(DeclReferenceExprSyntax.self) {
                    found.ownLocals.insert(local.baseName.text)
                }
                return .visitChildren
            }
            if Self.isWrapper(call) {
                // What a wrapper of another object is given is walked as any other creation.
                if !isOwn { found.otherWrappers.insert(call.id) }
            } else if isOwn {
                found.ownValues.insert(call.id)
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if Self.isWrapper(node), !found.otherWrappers.contains(node.id), let wrapped = node.wrappedValueArgument {
                // `x` and `x()` in `_model = StateObject(wrappedValue: x)`.
                let value = wrapped.as(FunctionCallExprSyntax.self)?.calledExpression ?? wrapped
                if let reference = value.as(DeclReferenceExprSyntax.self) {
                    found.ownLocals.insert(reference.baseName.text)
                }
            } else if Self.isSelfInit(node) {
                // `self.init(viewModel: model)`: a failable or convenience initialiser builds the view
                // model and hands it to the designated one.
                for argument in node.arguments.elements {
                    guard let label = argument.label?.text, ownership.delegatesOwn(label: label) else { continue }
                    let value = argument.expression.withoutEffectMarks
                    if let call = value.as(FunctionCallExprSyntax.self) {
                        found.ownValues.insert(call.id)
                    } else if let local = value.as(DeclReferenceExprSyntax.self) {
                        found.ownLocals.insert(local.baseName.text)
                    }
                }
            }
            return .visitChildren
        }

        /// `StateObject(wrappedValue: x)`, `State(initialValue: x)` or `.init(wrappedValue: x)`.
        private static func isWrapper(_ call: FunctionCallExprSyntax) -> Bool {
            guard call.wrappedValueArgument != nil else { return false }
            return call.isImplicitInit || RoleVocabulary.ownershipWrappers.contains(call.calledExpression.calledTypeName ?? "")
        }

        /// `self.init(...)`.
        private static func isSelfInit(_ call: FunctionCallExprSyntax) -> Bool {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  member.declName.baseName.tokenKind == .keyword(.`init`) else { return false }
            return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        }
    }
}
