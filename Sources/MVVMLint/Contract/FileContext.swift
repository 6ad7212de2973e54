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
    /// The file's bytes and line table.
    let source: SourceText

    /// The type declarations and extensions of the given kind, outermost first, found once per
    /// file for all rules (`file.declarations(ClassDeclSyntax.self)`).
    public func declarations<T: DeclGroupSyntax>(_ type: T.Type) -> [T] {
        declarations.compactMap { $0.as(T.self) }
    }

    /// Declarations that may be views: structs, classes and their extensions.
    let viewCandidates: [any DeclGroupSyntax]
    /// Declarations that may be view models: classes, and extensions other than those of a
    /// struct or enum this file declares (only a class is a view model, and generated files
    /// extend thousands of value types).
    let viewModelCandidates: [any DeclGroupSyntax]

    init(
        path: String, tree: SourceFileSyntax, configuration: Configuration, isTestFile: Bool,
        defaultsToMainActor: Bool, imports: [String], declarations: [any DeclGroupSyntax],
        source: SourceText
    ) {
        self.path = path
        self.tree = tree
        self.configuration = configuration
        self.isTestFile = isTestFile
        self.defaultsToMainActor = defaultsToMainActor
        self.imports = imports
        self.declarations = declarations
        self.source = source
        let valueTypes = Self.valueTypes(in: declarations)
        viewModelCandidates = declarations.filter { decl in
            decl.kind == .classDecl || (decl.kind == .extensionDecl && !valueTypes.contains(decl.qualifiedTypeName))
        }
        // A view needs `View` written in its file (its conformance, or `some View` for its body),
        // so a file that never mentions the word has no view code to check.
        viewCandidates = source.mentions("View")
            ? declarations.filter { $0.kind == .structDecl || $0.kind == .classDecl || $0.kind == .extensionDecl }
            : []
    }

    /// The qualified names of the structs and enums among `declarations`, less any name also
    /// declared as a class or actor (in another `#if` branch, say). Empty when nothing extends a
    /// type, so most files name no type here.
    static func valueTypes(in declarations: [any DeclGroupSyntax]) -> Set<String> {
        guard declarations.contains(where: { $0.kind == .extensionDecl }) else { return [] }
        var values: Set<String> = []
        var references: Set<String> = []
        for decl in declarations {
            if decl.kind == .structDecl || decl.kind == .enumDecl {
                values.insert(decl.qualifiedTypeName)
            } else if decl.kind == .classDecl || decl.kind == .actorDecl {
                references.insert(decl.qualifiedTypeName)
            }
        }
        return values.subtracting(references)
    }

    /// Identifier tokens named `word` (or, with `asSuffix`, ending in it), found by searching the
    /// text instead of walking the tree: rules that look for rare names pay for the matches only.
    func identifiers(_ word: String, asSuffix: Bool = false) -> [TokenSyntax] {
        source.offsets(of: word, boundary: asSuffix ? .wordEnd : .word).compactMap { offset in
            guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)),
                  case .identifier(let name) = token.tokenKind,
                  token.endPositionBeforeTrailingTrivia.utf8Offset == offset + word.utf8.count,
                  asSuffix ? name.hasSuffix(word) : name == word
            else { return nil }
            return token
        }
    }

    /// The nearest class or extension around a node, the declarations that may be view models.
    func enclosingViewModelCandidate(of node: some SyntaxProtocol) -> (any DeclGroupSyntax)? {
        var current = node.parent
        while let parent = current {
            if parent.kind == .classDecl || parent.kind == .extensionDecl {
                return parent.asDeclGroup
            }
            current = parent.parent
        }
        return nil
    }

    /// Line and column of a node's first token, after its leading trivia.
    func location(of node: some SyntaxProtocol) -> LineColumn {
        source.location(of: node.positionAfterSkippingLeadingTrivia)
    }

    /// A finding of `rule` at `node`, reported only if `conditions` hold project-wide.
    ///
    /// The severity is the one the file's configuration gives the rule, and `fix` is kept only
    /// when the rule's description says it can fix. A rule that can fix but finds its fix unsafe
    /// here passes no `fix` and says why in `unfixedBecause` (one line, no final period): the
    /// hint then ends with `--fix leaves it: REASON.`, and `--fix` counts the finding as left
    /// for that reason.
    public func report(
        _ rule: RuleDescription,
        at node: some SyntaxProtocol,
        _ message: String,
        hint: String? = nil,
        fix: [TextEdit]? = nil,
        unfixedBecause reason: String? = nil,
        when conditions: [RoleCondition] = []
    ) -> PendingDiagnostic {
        report(rule, at: node.positionAfterSkippingLeadingTrivia, message, hint: hint, fix: fix, unfixedBecause: reason, when: conditions)
    }

    /// A finding of `rule` at a position, such as a comment's, that no node starts at.
    public func report(
        _ rule: RuleDescription,
        at position: AbsolutePosition,
        _ message: String,
        hint: String? = nil,
        fix: [TextEdit]? = nil,
        unfixedBecause reason: String? = nil,
        when conditions: [RoleCondition] = []
    ) -> PendingDiagnostic {
        let location = source.location(of: position)
        let fix = rule.isFixable ? fix : nil
        // Only a rule that can fix has a fix to withhold; a finding with a fix has none.
        let reason = rule.isFixable && fix?.isEmpty != false ? reason : nil
        return PendingDiagnostic(
            Diagnostic(
                path: path, line: location.line, column: location.column, ruleID: rule.id,
                severity: configuration.severity(of: rule), message: message,
                hint: reason.map { Diagnostic.hint(hint, leftBecause: $0) } ?? hint,
                fix: fix, unfixedReason: reason
            ),
            conditions: conditions
        )
    }
}
