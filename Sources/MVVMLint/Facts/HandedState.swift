import SwiftSyntax

/// Tells an object a view was handed from one it made, for a `@State` property without an
/// initial value. A view owns what it makes (in `init`, or later with a constructor call); a
/// model object it is handed and keeps in `@State` to show stays a model, so it does not become
/// a view model that way.
struct HandedState {
    /// The properties some member assigns a newly made object: `x` for `_x` and `self.x` too.
    private let madeNames: Set<String>

    /// Reads the assignments in the members of `decl`, once.
    init(_ decl: some DeclGroupSyntax) {
        let finder = AssignmentFinder()
        finder.walk(decl.memberBlock)
        madeNames = finder.madeNames
    }

    /// Whether `property` could hold what the view was handed: `@State` with no initial value.
    static func mayBeHanded(_ property: VariableDeclSyntax) -> Bool {
        let wrappers = property.attributes.names.filter(RoleVocabulary.ownershipWrappers.contains)
        return wrappers == ["State"] && property.bindings.elements.first?.initializer == nil
    }

    /// Whether `property` holds what the view was handed: `@State` with no initial value,
    /// assigned in `init` only what it was given (a parameter, a value reached from one or from
    /// the app's state, `nil`), and never assigned a newly made object elsewhere.
    func isHanded(_ property: VariableDeclSyntax) -> Bool {
        guard Self.mayBeHanded(property), let name = property.boundNames.first else { return false }
        return !madeNames.contains(name)
    }

    /// Walks a type's members for assignments to its properties, noting those that make the
    /// object: in `init`, a call or a local bound to one; elsewhere, a constructor call
    /// (`loader = FeedLoader(api: api)`).
    private final class AssignmentFinder: SyntaxVisitor {
        private(set) var madeNames: Set<String> = []
        /// Whether the walk is inside an initialiser.
        private var isInInit = false
        /// Locals of the initialiser bound to a call's result (`let loaders = Loaders.make()`).
        private var madeLocals: Set<String> = []

        init() {
            super.init(viewMode: .sourceAccurate)
        }

        // Nested types are declarations of their own.
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            isInInit = true
            madeLocals = []
            return .visitChildren
        }

        override func visitPost(_ node: InitializerDeclSyntax) {
            isInInit = false
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if isInInit, node.initializer?.value.is(FunctionCallExprSyntax.self) == true,
               let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                madeLocals.insert(name)
            }
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            if isInInit, node.initializer?.value.is(FunctionCallExprSyntax.self) == true,
               let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                madeLocals.insert(name)
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), let assigned = elements[0].assignedPropertyName else {
                return .visitChildren
            }
            let target = assigned.hasPrefix("_") ? String(assigned.dropFirst()) : assigned
            var value = elements[2].withoutEffectMarks
            // `State(initialValue: x)` and `.init(wrappedValue: x)` wrap what is assigned.
            if let wrapped = value.as(FunctionCallExprSyntax.self)?.wrappedValueArgument {
                value = wrapped.withoutEffectMarks
            }
            let makes: Bool
            if isInInit {
                // In `init`, a call makes the object, and so does a local bound to one (a factory's
                // tuple); a parameter, what the caller's values lead to, or `nil` was handed in.
                makes = value.is(FunctionCallExprSyntax.self) || Self.rootName(of: value).map(madeLocals.contains) == true
            } else if let call = value.as(FunctionCallExprSyntax.self) {
                makes = call.calledExpression.calledTypeName != nil || call.isImplicitInit
            } else {
                makes = false
            }
            if makes { madeNames.insert(target) }
            return .visitChildren
        }

        /// `person` of `person`, `person.instance` or `person.instance.host`: a bounded walk
        /// down the member chain.
        private static func rootName(of expression: ExprSyntax) -> String? {
            var current = expression
            for _ in 0..<32 {
                if let reference = current.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
                guard let member = current.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
                current = base
            }
            return nil
        }
    }
}
