import SwiftSyntax

/// Finds `receiver.method(...)` and `self.receiver.method(...)` calls other than `send`, and
/// view-model methods handed over unapplied (`onUpgrade: viewModel.upgrade`), which are called
/// all the same.
final class ViewModelCallFinder: ViewMemberVisitor {
    let receivers: Set<String>
    private(set) var calls: [(receiver: String, method: TokenSyntax)] = []
    /// Members passed unapplied under a label that says nothing of a callback (`value:`): a
    /// method only if the view also calls it, which is known once the walk is done.
    private var uncertain: [(receiver: String, method: TokenSyntax)] = []
    private var calledNames: Set<String> = []

    init(receivers: Set<String>) {
        self.receivers = receivers
        super.init()
    }

    /// The calls and unapplied methods found, in source order, once the walk is done.
    var found: [(receiver: String, method: TokenSyntax)] {
        (calls + uncertain.filter { calledNames.contains($0.method.text) })
            .sorted { $0.method.position < $1.method.position }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let callee = node.calledExpression.as(MemberAccessExprSyntax.self), let base = callee.base,
           let receiver = receiverName(base) {
            let method = callee.declName.baseName.text
            if Self.isReportable(method) {
                calls.append((receiver, callee.declName.baseName))
                calledNames.insert(method)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.expression.as(MemberAccessExprSyntax.self), let base = member.base,
              let receiver = receiverName(base), Self.isReportable(member.declName.baseName.text) else { return .visitChildren }
        if let label = node.label?.text {
            if Self.namesCallback(label) {
                calls.append((receiver, member.declName.baseName))
            } else {
                uncertain.append((receiver, member.declName.baseName))
            }
        } else if Self.takesActionUnlabeled(node) {
            calls.append((receiver, member.declName.baseName))
        }
        return .visitChildren
    }

    private func receiverName(_ expression: ExprSyntax) -> String? {
        expression.ownMemberName.flatMap { receivers.contains($0) ? $0 : nil }
    }

    /// `send`, the runtime's `binding(_:send:)` and child view-model lookups are the view's to call.
    private static func isReportable(_ method: String) -> Bool {
        method != "send" && method != "binding" && !RoleVocabulary.endsInViewModel(method)
    }

    /// A parameter that takes something to call: `action:`, `perform:`, `onUpgrade:`,
    /// `completionHandler:`. A value a view model exposes is passed under a label naming the
    /// value (`title:`, `selection:`, `primaryAction:` for a menu's value), never one of these.
    static func namesCallback(_ label: String) -> Bool {
        if ["action", "perform", "handler", "completion", "callback"].contains(label) { return true }
        if label.hasPrefix("on"), label.dropFirst(2).startsUppercase { return true }
        return label.count > 7 && (label.hasSuffix("Handler") || label.hasSuffix("Callback"))
    }

    /// `.onSubmit(viewModel.search)`, `.task(viewModel.load)`: SwiftUI modifiers whose action
    /// comes unlabeled.
    private static func takesActionUnlabeled(_ argument: LabeledExprSyntax) -> Bool {
        guard let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
              let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else { return false }
        return name == "onSubmit" || name == "task"
    }
}
