import SwiftSyntax

/// State that a view changes in place and still keeps for presentation, found by how the view uses
/// it: a hand-rolled selection and an animation trigger.
extension ViewStateMutationRule {
    /// The shapes of presentation state that a mutating call or `+=` does not make data.
    enum PresentationShape {
        /// A `Set` named as a selection (`selectedDevices`) that the view only fills, empties and
        /// tests for membership, reads the size or an element of, iterates, hands on as a binding,
        /// or passes to its view model in an action: the multi-selection of an edit mode.
        case selection
        /// An `Int` that the view only increments, resets, hands on as a binding (not to a control
        /// that shows it) or passes as a modifier's trigger (`.id(x)`, `value: x`, `trigger: x`):
        /// a counter whose value no one reads.
        case trigger
    }

    /// Calls on a selection that only change or test which elements it holds (`toggle(value:)` is
    /// a common extension on `Set`).
    static let selectionMethods: Set<String> = [
        "contains", "insert", "remove", "removeAll", "formUnion", "subtract", "formIntersection",
        "formSymmetricDifference", "toggle", "isSubset", "isSuperset", "isDisjoint",
    ]
    /// Reads of a selection that tell its size or pick an element of it.
    static let selectionReads: Set<String> = ["count", "isEmpty", "first"]
    /// Controls that show the value a binding carries: a counter bound to one is data on screen.
    static let valueControls: Set<String> = ["Stepper", "Slider", "Picker", "TextField", "TextEditor", "DatePicker"]
    /// Modifiers that watch a value only for its changes, and the label they take it under
    /// (`.id(x)` takes it unlabelled).
    static let triggerModifiers: [String: String] = [
        "id": "", "animation": "value", "sensoryFeedback": "trigger", "task": "id", "onChange": "of",
        "phaseAnimator": "trigger", "keyframeAnimator": "trigger", "symbolEffect": "value",
    ]

    /// The shape a `@State` property's declaration allows, if any.
    static func presentationShape(of property: VariableDeclSyntax, named name: String) -> PresentationShape? {
        let type = property.inferredTypeName
        if type == "Set", name.lowercased().contains("select") {
            return .selection
        }
        if type == "Int" || property.bindings.elements.first?.initializer?.value.is(IntegerLiteralExprSyntax.self) == true {
            return .trigger
        }
        return nil
    }

    /// The names in `candidates` whose every use in `decl` fits their shape.
    static func presentationState(
        in decl: some DeclGroupSyntax, candidates: [String: PresentationShape], viewModels: Set<String>
    ) -> Set<String> {
        guard !candidates.isEmpty else { return [] }
        let visitor = StateUseVisitor(candidates: candidates, viewModels: viewModels)
        visitor.walkMembers(of: decl)
        // A counter that nothing watches is no trigger: its changes are data no one reads yet.
        return Set(candidates.keys.filter { candidates[$0] == .selection || visitor.watched.contains($0) })
            .subtracting(visitor.otherUses)
    }
}

/// Finds the candidates that some use does not fit: those are data after all.
private final class StateUseVisitor: ViewMemberVisitor {
    let candidates: [String: ViewStateMutationRule.PresentationShape]
    let viewModels: Set<String>
    var otherUses: Set<String> = []
    /// The triggers handed on as a binding or to a modifier.
    var watched: Set<String> = []

    init(candidates: [String: ViewStateMutationRule.PresentationShape], viewModels: Set<String>) {
        self.candidates = candidates
        self.viewModels = viewModels
        super.init()
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        var text = node.baseName.text
        var expression = ExprSyntax(node)
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            // `self.name` is a use of the state; `other.name` is not.
            guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return .visitChildren }
            expression = ExprSyntax(member)
        }
        let isBinding = text.hasPrefix("$")
        if isBinding || text.hasPrefix("_") { text.removeFirst() }
        guard let shape = candidates[text], !otherUses.contains(text) else { return .visitChildren }
        // The property wrapper itself (`_name = State(initialValue: x)`) sets the value from outside.
        if node.baseName.text.hasPrefix("_") || !fits(expression, shape: shape, isBinding: isBinding) {
            otherUses.insert(text)
        } else if isBinding || Self.call(taking: expression) != nil {
            watched.insert(text)
        }
        return .visitChildren
    }

    private func fits(_ use: ExprSyntax, shape: ViewStateMutationRule.PresentationShape, isBinding: Bool) -> Bool {
        if isBinding {
            guard let call = Self.call(taking: use) else { return false }
            // A trigger's binding goes to a modifier (`.confettiCannon(counter: $taps)`); one
            // handed to a view of the app's (`CounterLabel(value: $count)`) shows it: data.
            return shape == .selection
                || (call.calledExpression.is(MemberAccessExprSyntax.self)
                    && !ViewStateMutationRule.valueControls.contains(call.calledExpression.trimmedText))
        }
        if let member = use.parent?.as(MemberAccessExprSyntax.self), member.base?.id == use.id {
            guard shape == .selection else { return false }
            let name = member.declName.baseName.text
            if let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
                // Data fetched into the set (`formUnion(try await library.all())`) is data.
                return ViewStateMutationRule.selectionMethods.contains(name) && !Self.awaitsOrThrows(ExprSyntax(call))
            }
            return ViewStateMutationRule.selectionReads.contains(name)
        }
        if let loop = use.parent?.as(ForStmtSyntax.self), loop.sequence.id == use.id {
            return shape == .selection
        }
        if let sequence = use.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
            return fitsAsTarget(use, in: sequence, shape: shape)
        }
        switch shape {
        case .selection: return handedToViewModel(use)
        case .trigger: return isTriggerArgument(use)
        }
    }

    /// A use on the left of `=` (a reset or a whole new selection, not data fetched into it) or,
    /// for a trigger, of `+= 1` / `-= 1`.
    private func fitsAsTarget(_ use: ExprSyntax, in sequence: SequenceExprSyntax, shape: ViewStateMutationRule.PresentationShape) -> Bool {
        let elements = Array(sequence.elements)
        guard let index = elements.firstIndex(where: { $0.id == use.id }), index + 1 < elements.count else { return false }
        let rest = elements[(index + 2)...]
        if elements[index + 1].is(AssignmentExprSyntax.self) {
            return !rest.contains { Self.awaitsOrThrows($0) }
        }
        guard shape == .trigger, let op = elements[index + 1].as(BinaryOperatorExprSyntax.self),
              ["+=", "-="].contains(op.operator.text), rest.count == 1 else { return false }
        return rest.first?.is(IntegerLiteralExprSyntax.self) == true
    }

    /// Whether the value comes in from work the view awaited or that may throw: data, not a choice.
    private static func awaitsOrThrows(_ expression: ExprSyntax) -> Bool {
        expression.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.await) || $0.tokenKind == .keyword(.try) }
    }

    /// The call whose argument `use` is directly.
    private static func call(taking use: ExprSyntax) -> FunctionCallExprSyntax? {
        guard let argument = use.parent?.as(LabeledExprSyntax.self), argument.expression.id == use.id else { return nil }
        return argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    }

    /// A modifier's trigger: `.id(x)`, `.animation(_, value: x)`, `.sensoryFeedback(_, trigger: x)`,
    /// `.task(id: x)`, or `.onChange(of: x)` whose action does not take the values.
    private func isTriggerArgument(_ use: ExprSyntax) -> Bool {
        guard let argument = use.parent?.as(LabeledExprSyntax.self), let call = Self.call(taking: use),
              let modifier = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
        guard let label = ViewStateMutationRule.triggerModifiers[modifier.declName.baseName.text],
              (argument.label?.text ?? "") == label else { return false }
        // An action that takes the old and new values reads them.
        let closures = [call.trailingClosure] + call.arguments.map { $0.expression.as(ClosureExprSyntax.self) }
        return !closures.contains { $0?.signature != nil }
    }

    /// Whether `use` is (part of) an argument of a call on the view's view model, with no other
    /// object's method between them: `viewModel.delete(ids: selected)`,
    /// `viewModel.send(.delete(Array(selected)))`.
    private func handedToViewModel(_ use: ExprSyntax) -> Bool {
        var node = Syntax(use)
        while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self), !parent.is(ClosureExprSyntax.self) {
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id != node.id {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                    return viewModels.contains(Self.root(of: base))
                }
            }
            node = parent
        }
        return false
    }

    /// The first name of a chain: `viewModel` of `self.viewModel.store`.
    private static func root(of expression: ExprSyntax) -> String {
        var current = expression
        while let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
            if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                return member.declName.baseName.text
            }
            current = base
        }
        return current.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
    }
}
