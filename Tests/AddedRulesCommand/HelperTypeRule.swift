import MVVMLint

/// A project rule: types named `*Helper`, found in the facts of every file.
struct HelperTypeRule: ProjectRule {
    static let description = RuleDescription(
        id: "no-helper-types",
        summary: "No types named Helper.",
        rationale: "A test rule added in Swift.",
        presets: [.triad],
        defaultSeverity: .error,
        triggering: [
            RuleExample("struct ↓DateHelper {}"),
            RuleExample("enum ↓Helper {}"),
        ],
        nonTriggering: [
            RuleExample("struct DateFormatting {}"),
            RuleExample("let helper = 1"),
        ]
    )

    func check(_ project: ProjectContext) -> [Diagnostic] {
        project.files.flatMap { file in
            file.types.filter { $0.name.hasSuffix("Helper") }.map { type in
                project.report(Self.description, path: file.path, line: type.line, column: type.column, "'\(type.name)' says nothing about what it is.")
            }
        }
    }
}

/// A rule that takes a built-in rule's id.
struct ClashingRule: FileRule {
    static let description = RuleDescription(
        id: "view-model-final", summary: "Clashes.", rationale: "A test rule added in Swift.", presets: .common,
        defaultSeverity: .warning, triggering: [], nonTriggering: []
    )

    func check(_ file: FileContext) -> [PendingDiagnostic] { [] }
}
