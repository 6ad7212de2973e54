import SwiftSyntax

/// What a ``FileRule`` sees of one file: its tree, its settings, and a way to report.
public struct FileContext {
    /// The path diagnostics are reported under.
    public let path: String
    /// The parsed file.
    public let tree: SourceFileSyntax
    /// The settings that apply to this file.
    public let configuration: Configuration
    /// Whether the file is a test file.
    public let isTestFile: Bool
    /// Whether types here are main-actor isolated unless they say otherwise.
    public let defaultsToMainActor: Bool
    /// Modules the file imports, including imports inside `#if` blocks.
    public let imports: [String]
    /// Every type declaration and extension in the file, outermost first.
    let declarations: [any DeclGroupSyntax]
    let converter: SourceLocationConverter

    /// The type declarations and extensions of the given kinds.
    func declarations<T: DeclGroupSyntax>(_ type: T.Type) -> [T] {
        declarations.compactMap { $0.as(T.self) }
    }

    /// Declarations that may be views: structs, classes and their extensions.
    let viewCandidates: [any DeclGroupSyntax]
    /// Declarations that may be view models: classes and extensions.
    let viewModelCandidates: [any DeclGroupSyntax]

    init(
        path: String, tree: SourceFileSyntax, configuration: Configuration, isTestFile: Bool,
        defaultsToMainActor: Bool, imports: [String], declarations: [any DeclGroupSyntax],
        converter: SourceLocationConverter
    ) {
        self.path = path
        self.tree = tree
        self.configuration = configuration
        self.isTestFile = isTestFile
        self.defaultsToMainActor = defaultsToMainActor
        self.imports = imports
        self.declarations = declarations
        self.converter = converter
        viewModelCandidates = declarations.filter { $0.is(ClassDeclSyntax.self) || $0.is(ExtensionDeclSyntax.self) }
        viewCandidates = declarations.filter { $0.is(StructDeclSyntax.self) || $0.is(ClassDeclSyntax.self) || $0.is(ExtensionDeclSyntax.self) }
    }

    /// Line and column of a node's first token, after its leading trivia.
    func location(of node: some SyntaxProtocol) -> SourceLocation {
        converter.location(for: node.positionAfterSkippingLeadingTrivia)
    }

    /// A finding of `rule` at `node`, reported only if `conditions` hold project-wide.
    func report(
        _ rule: RuleDescription,
        at node: some SyntaxProtocol,
        _ message: String,
        hint: String? = nil,
        when conditions: [RoleCondition] = []
    ) -> PendingDiagnostic {
        report(rule, at: node.positionAfterSkippingLeadingTrivia, message, hint: hint, when: conditions)
    }

    /// A finding of `rule` at a position, such as a comment's, that no node starts at.
    func report(
        _ rule: RuleDescription,
        at position: AbsolutePosition,
        _ message: String,
        hint: String? = nil,
        when conditions: [RoleCondition] = []
    ) -> PendingDiagnostic {
        let location = converter.location(for: position)
        return PendingDiagnostic(
            Diagnostic(
                path: path, line: location.line, column: location.column, ruleID: rule.id,
                severity: configuration.severity(of: rule), message: message, hint: hint
            ),
            conditions: conditions
        )
    }
}
