import MVVMLint
import SwiftSyntax

/// A file rule with an option and a fix: calls of the functions named by `functions`
/// (default: `print`) become `debugPrint`.
struct PrintCallRule: FileRule {
    static let description = RuleDescription(
        id: "no-print-calls",
        summary: "No calls of print.",
        rationale: "A test rule added in Swift.",
        presets: .common,
        defaultSeverity: .warning,
        isFixable: true,
        options: [RuleOptionDescription(key: "functions", kind: .strings, summary: "The functions reported (default: print).")],
        triggering: [
            RuleExample("func f() { ↓print(1) }", fixed: "func f() { debugPrint(1) }"),
            RuleExample("func f() { ↓dump(1) }", configuration: "rules:\n  no-print-calls:\n    functions: [dump]\n", fixed: "func f() { debugPrint(1) }"),
        ],
        nonTriggering: [
            RuleExample("func f() { debugPrint(1) }"),
            RuleExample("func f() { print(1) }", configuration: "rules:\n  no-print-calls:\n    functions: [dump]\n"),
        ]
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] {
        let names = Set(file.configuration.strings("functions", of: Self.description.id, default: ["print"]))
        let finder = CallFinder(names: names)
        finder.walk(file.tree)
        return finder.found.map { callee in
            file.report(Self.description, at: callee, "'\(callee.baseName.text)' is called.", hint: "Use debugPrint.",
                        fix: [.replace(callee.baseName, with: "debugPrint")])
        }
    }
}

/// The callees of calls of the named functions.
private final class CallFinder: SyntaxVisitor {
    let names: Set<String>
    private(set) var found: [DeclReferenceExprSyntax] = []

    init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self), names.contains(callee.baseName.text) {
            found.append(callee)
        }
        return .visitChildren
    }
}
