import SwiftSyntax

/// Finds the actions a file's types send from their own code (``ActionSendFact``): each call
/// of `send(.x ...)` or of a responder (`responder(.x)`), found by its text first (most files
/// have none), then placed in the tree.
enum ActionSendFinder {
    /// The call texts looked for: `send(` and `responder(` (also `Responder(`).
    private static let needles = ["send(", "esponder("]
    /// How far up from a call the walk to its type goes; deeper code is left out.
    private static let deepestWalk = 256
    /// How many `switch` cases around one call are taken as what sends it.
    private static let mostCases = 4

    static func sends(in tree: SourceFileSyntax, source: SourceText) -> [ActionSendFact] {
        var found: [ActionSendFact] = []
        var seen: Set<ActionSendFact> = []
        for needle in needles {
            for offset in source.offsets(of: needle, boundary: .none) {
                guard let paren = tree.token(at: AbsolutePosition(utf8Offset: offset + needle.utf8.count - 1)),
                      paren.tokenKind == .leftParen,
                      let call = paren.parent?.as(FunctionCallExprSyntax.self),
                      isSendingCall(call),
                      let argument = call.arguments.first?.expression,
                      let caseName = caseName(argument),
                      let place = place(of: call)
                else { continue }
                let senders = place.cases.isEmpty ? [(place.member, false)] : place.cases.map { ($0, true) }
                for (sender, isCase) in senders {
                    let fact = ActionSendFact(ownerType: place.owner, caseName: caseName, sender: sender, senderIsCase: isCase)
                    if seen.insert(fact).inserted {
                        found.append(fact)
                    }
                }
            }
        }
        return found
    }

    /// Whether `call` sends an action: its callee is named `send` or ends in `responder`.
    private static func isSendingCall(_ call: FunctionCallExprSyntax) -> Bool {
        let name: String
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        } else {
            return false
        }
        return name == "send" || name.lowercased().hasSuffix("responder")
    }

    /// The case an expression names: `.x`, `.x(...)`, `Action.x`, `ResponderAction.x(...)`.
    static func caseName(_ expression: ExprSyntax) -> String? {
        var expression = expression
        if let call = expression.as(FunctionCallExprSyntax.self) {
            expression = call.calledExpression
        }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base {
            let baseName = base.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            guard let baseName, RoleVocabulary.actionEnumNames.contains(baseName) else { return nil }
        }
        let name = member.declName.baseName.text
        return name.first?.isLowercase == true ? name : nil
    }

    /// Where a call is: the type whose code it is in, its outermost member there, and the cases
    /// of the `switch` statements around it, innermost first.
    private static func place(of call: FunctionCallExprSyntax) -> (owner: String, member: String, cases: [String])? {
        var member = ""
        var cases: [String] = []
        var node = call.parent
        var steps = 0
        while let current = node, steps < deepestWalk {
            steps += 1
            switch current.as(SyntaxEnum.self) {
            case .switchCase(let switchCase):
                if cases.count < mostCases, case .case(let label) = switchCase.label {
                    cases += label.caseItems.compactMap { patternCase($0.pattern) }
                }
            case .functionDecl(let function): member = function.name.text
            case .initializerDecl: member = "init"
            case .patternBinding(let binding):
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { member = name }
            case .classDecl(let type): return (type.name.text, member, cases)
            case .structDecl(let type): return (type.name.text, member, cases)
            case .actorDecl(let type): return (type.name.text, member, cases)
            case .enumDecl(let type): return (type.name.text, member, cases)
            case .extensionDecl(let type):
                let name = type.extendedType.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
                return (name, member, cases)
            default: break
            }
            node = current.parent
        }
        return nil
    }

    /// The case a `case` item matches: `.save`, `.loaded(let items)`, `let .loaded(items)`.
    private static func patternCase(_ pattern: PatternSyntax) -> String? {
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            return patternCase(binding.pattern)
        }
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        return caseName(expression)
    }
}
