/// The rules a configuration declares in `.mvvm.yml` instead of writing them in Swift: its
/// `custom-rules:` and `layers:`. Every ``RuleSet`` carries them beside its rule types, so the
/// engine runs them, settles their findings and lets suppression comments name them through the
/// set, as it does any rule; what they check is read from each file's configuration.
struct DeclaredRules: Sendable {
    /// Whether `configuration` declares any rule: without one, nothing is walked or looked up.
    func areDeclared(in configuration: Configuration) -> Bool {
        !configuration.customRules.isEmpty || !configuration.layers.isEmpty
    }

    /// The ids of the rules `configuration` declares.
    func ids(in configuration: Configuration) -> Set<String> {
        Set(configuration.customRules.map(\.id) + configuration.layers.map(\.id))
    }

    /// The findings in `file` (a test file too), leaving out what `suppressions` silence. Unlike
    /// a file rule's, they carry their own ids and severities, and a file with syntax errors
    /// gets none.
    func check(_ file: FileContext, suppressions: SuppressionTable) -> [PendingDiagnostic] {
        guard areDeclared(in: file.configuration), !file.tree.hasError else { return [] }
        return CustomRuleCheck(path: file.path, configuration: file.configuration, isTestFile: file.isTestFile, source: file.source)
            .findings(in: file.tree, declarations: file.declarations, suppressions: suppressions)
    }

    /// Whether a pending finding in the file at `path` stands as far as module scopes go, once
    /// the modules are known. It is settled after the facts cache, so a file's cached findings
    /// stay right when its module changes: a built-in rule's always stand; a custom rule's when
    /// the module matches its `modules:` (or it has none); a layer rule's when the module matches
    /// the rule's importers.
    func admits(_ pending: PendingDiagnostic, path: String, modules: ModuleMap, configurationForFile: (String) -> Configuration) -> Bool {
        let configuration = configurationForFile(path)
        guard areDeclared(in: configuration) else { return true }
        return Self.admits(pending.diagnostic.ruleID, module: modules.module(of: path).name, configuration: configuration)
    }

    private static func admits(_ ruleID: String, module: String, configuration: Configuration) -> Bool {
        if let rule = configuration.customRules.first(where: { $0.id == ruleID }) {
            return rule.modules.isEmpty || NamePattern.matchesAny(module, rule.modules)
        }
        if let layer = configuration.layers.first(where: { $0.id == ruleID }) {
            return NamePattern.matchesAny(module, layer.modules)
        }
        return true
    }
}
