extension RuleSet {
    /// The rules each configuration declares in `.mvvm.yml` (`custom-rules:`, `layers:`), which
    /// every set runs beside its rule types: a tool's own set cannot leave them out.
    var declared: DeclaredRules { DeclaredRules() }

    /// The rule ids a suppression comment in a file under `configuration` may name: this set's,
    /// the rules the configuration declares and those it leaves to its tool; `nil` for any, in a
    /// run that leaves rules it does not know to the tool the configuration names (that tool
    /// checks the comments).
    func suppressibleIDs(under configuration: Configuration) -> Set<String>? {
        if configuration.isPartialRun {
            return nil
        }
        let declaredIDs = declared.ids(in: configuration)
        if declaredIDs.isEmpty && configuration.rulesLeftToTool.isEmpty {
            return ids
        }
        return ids.union(declaredIDs).union(configuration.rulesLeftToTool)
    }
}
