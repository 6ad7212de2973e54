extension RuleSet {
    /// Every rule the linter ships, in rule book order.
    ///
    /// The list is written by `swift run generate-rule-files` from the rule files under
    /// `Rules/Common`, `Rules/Triad` and `Rules/Responder`, and a test checks it against them, so
    /// a rule cannot be left out and silently never run.
    public static let builtIn: RuleSet = {
        do throws(DuplicateRuleID) {
            return try RuleSet([
                // common
                ViewModelMainActorRule.self,
                ViewModelObservableRule.self,
                ViewModelFinalRule.self,
                NoSingletonsInViewModelsRule.self,
                ViewModelCreatesNoServicesRule.self,
                LayeringRule.self,
                ViewSingleViewModelRule.self,
                ViewCreatesNoViewModelsRule.self,
                ViewNoSideEffectsRule.self,
                ViewStatePrivateRule.self,
                ViewStateMutationRule.self,
                UpwardCallsNotClosuresRule.self,
                EveryActionTestedRule.self,
                ImportSwiftUIInViewsRule.self,
                PassThroughViewModelRule.self,
                // triad
                ViewGenericOverViewModelRule.self,
                ViewModelPropertyNameRule.self,
                ViewModelingShapeRule.self,
                ViewModelingReadOnlyRule.self,
                ChildViewModelAssociatedTypeRule.self,
                AssociatedTypeNamingRule.self,
                ViewModelingIntentsRule.self,
                ViewModelConformanceRule.self,
                DependenciesShapeRule.self,
                // responder
                ViewSendsActionsRule.self,
                SingleStateChangePerActionRule.self,
                OutputsPrivateSetRule.self,
                ResponderPrivateRule.self,
                ViewModelAnatomyRule.self,
                ViewAnatomyRule.self,
            ])
        } catch {
            fatalError("the built-in rules share the id '\(error.id)'")
        }
    }()
}
