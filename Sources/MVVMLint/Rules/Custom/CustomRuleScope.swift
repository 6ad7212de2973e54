/// Settles the module scope of custom and layer rule findings once the modules are known. It
/// runs after the facts cache, so a file's cached findings stay right when its module changes.
enum CustomRuleScope {
    /// Whether a finding of rule `ruleID` in a file of module `module` stands under
    /// `configuration`: built-in rules' always; a custom rule's when the module matches its
    /// `modules:` (or it has none); a layer rule's when the module matches the rule's importers.
    static func admits(_ ruleID: String, module: String, configuration: Configuration) -> Bool {
        if let rule = configuration.customRules.first(where: { $0.id == ruleID }) {
            return rule.modules.isEmpty || NamePattern.matchesAny(module, rule.modules)
        }
        if let layer = configuration.layers.first(where: { $0.id == ruleID }) {
            return NamePattern.matchesAny(module, layer.modules)
        }
        return true
    }
}

extension CustomRuleScope {
    /// Whether a pending finding in the file at `path` stands, as far as module scopes go.
    static func admits(
        _ pending: PendingDiagnostic, path: String, modules: ModuleMap, configuration: (String) -> Configuration
    ) -> Bool {
        let settings = configuration(path)
        guard CustomRuleCheck.isNeeded(for: settings) else { return true }
        return admits(pending.diagnostic.ruleID, module: modules.module(of: path).name, configuration: settings)
    }
}

extension Configuration {
    /// The ids of the custom and layer rules, which suppression comments may name.
    var customRuleIDs: Set<String> {
        Set(customRules.map(\.id) + layers.map(\.id))
    }
}
