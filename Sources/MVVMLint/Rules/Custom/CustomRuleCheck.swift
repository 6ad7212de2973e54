import SwiftSyntax

/// Runs a configuration's custom and layer rules over one parsed file, for ``DeclaredRules``. A
/// finding whose role only the whole project can settle is pending on that role; one whose rule
/// is scoped to modules is settled later by ``DeclaredRules/admits(_:path:modules:configuration:)``,
/// when the modules are known.
struct CustomRuleCheck {
    let path: String
    let configuration: Configuration
    let isTestFile: Bool
    let source: SourceText

    /// The findings in `tree`, leaving out what `suppressions` silence. `declarations` are the
    /// file's type declarations and extensions, outermost first.
    func findings(in tree: SourceFileSyntax, declarations: [any DeclGroupSyntax], suppressions: SuppressionTable) -> [PendingDiagnostic] {
        let relative = PathMatcher.relative(path, to: configuration.rootDirectory)
        // A rule none of whose patterns' fixed text occurs in the file cannot match: most files
        // are never walked, as a substring search is far cheaper than the walk.
        let rules = configuration.customRules.filter { rule in
            (rule.paths.isEmpty || rule.paths.contains { PathMatcher.matches(relative, pattern: $0) }) && appliesToFileKind(rule)
                && (mayMatch(rule.forbidden.types) || mayMatch(rule.forbidden.calls) || mayMatch(rule.forbidden.members)
                    || mayMatch(rule.forbidden.attributes) || mayMatch(rule.forbidden.imports))
        }
        let layers = configuration.layers.filter { source.contains("import") && mayMatch($0.forbiddenImports) }
        guard !rules.isEmpty || !layers.isEmpty else { return [] }
        let finder = CustomRuleFinder(rules: rules, layers: layers)
        finder.walk(tree)
        var found: [PendingDiagnostic] = []
        if !finder.matches.isEmpty {
            let conformances = Self.extensionConformances(declarations)
            for match in finder.matches {
                for conditions in conditionSets(for: match.node, roles: match.rule.roles, declarations: declarations, conformances: conformances) {
                    found.append(report(
                        id: match.rule.id, severity: match.rule.severity, at: match.node,
                        "\(match.rule.message) (found '\(PrintableText.escaping(match.text))')", hint: match.rule.hint, when: conditions
                    ))
                }
            }
        }
        for match in finder.layerMatches {
            let layer = match.layer
            let message = layer.message.map { "\($0) (imports '\(match.module)')" }
                ?? "Modules matching \(layer.modules.map { "'\($0)'" }.joined(separator: ", ")) may not import '\(match.module)'."
            found.append(report(id: layer.id, severity: layer.severity, at: match.node, message, hint: layer.hint, when: []))
        }
        return found.filter { !suppressions.suppresses($0.diagnostic.ruleID, onLine: $0.diagnostic.line) }
    }

    /// Whether the file's text holds the fixed part of any of `patterns`: the longest run
    /// without wildcards (or, for a member pattern such as `.shared`, without dots), cut to 64
    /// bytes. Patterns are compiled once per run, so their text is not read again for each file.
    private func mayMatch(_ patterns: [String]) -> Bool {
        patterns.contains { pattern in
            let fixed = CompiledNamePattern.compiled(pattern).requiredText
            return fixed.isEmpty || source.contains(fixed)
        }
    }

    /// Test files get only the rules for tests (or for any code); other files only the rules
    /// for a role of theirs (or for any code).
    private func appliesToFileKind(_ rule: CustomRule) -> Bool {
        if rule.roles.isEmpty { return true }
        return isTestFile ? rule.roles.contains(.test) : rule.roles.contains { $0 != .test }
    }

    /// One set of conditions per role the matched code may have; empty when it can have none.
    /// The outermost type declaration or extension around the code decides its role; code
    /// outside every type (an import, a free function) has the roles of the file's top-level types.
    private func conditionSets(
        for node: Syntax, roles: [CustomRuleRole], declarations: [any DeclGroupSyntax], conformances: [String: Set<String>]
    ) -> [[RoleCondition]] {
        if roles.isEmpty || isTestFile {
            return [[]]
        }
        let owners = Self.outermostDeclaration(around: node).map { [$0] }
            ?? declarations.filter { $0.enclosingDeclGroup == nil }
        var sets: [[RoleCondition]] = []
        for decl in owners where decl.kind != .protocolDecl {
            let name = decl.typeName
            let isFrontEnd = NonModelShapes.isFrontEnd(decl, inherited: conformances[name] ?? [], source: source)
            for role in roles {
                switch role {
                case .view: sets.append([RoleCondition(name, is: .view)])
                case .viewModel: sets.append([RoleCondition(name, is: .viewModel)])
                case .frontEnd: if isFrontEnd { sets.append([]) }
                case .model:
                    if !isFrontEnd && !name.hasAnySuffix(NonModelShapes.viewModelStateSuffixes) {
                        sets.append([RoleCondition(name, is: .view, holds: false), RoleCondition(name, is: .viewModel, holds: false),
                                     RoleCondition(name, is: .upperLayerValue, holds: false)])
                    }
                case .test: break
                }
            }
        }
        return sets
    }

    private static func outermostDeclaration(around node: Syntax) -> (any DeclGroupSyntax)? {
        var outermost: (any DeclGroupSyntax)?
        var current: Syntax? = node
        while let candidate = current {
            if let group = candidate.asDeclGroup {
                outermost = group
            }
            current = candidate.parent
        }
        return outermost
    }

    private static func extensionConformances(_ declarations: [any DeclGroupSyntax]) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for decl in declarations where decl.kind == .extensionDecl {
            found[decl.typeName, default: []].formUnion(decl.inheritedNames)
        }
        return found
    }

    private func report(
        id: String, severity: Severity, at node: Syntax, _ message: String, hint: String?, when conditions: [RoleCondition]
    ) -> PendingDiagnostic {
        let location = source.location(of: node.positionAfterSkippingLeadingTrivia)
        return PendingDiagnostic(
            Diagnostic(path: path, line: location.line, column: location.column, ruleID: id, severity: severity, message: message, hint: hint),
            conditions: conditions
        )
    }
}
