import MVVMLint

/// The rules this team adds to the built-in ones, in the order `team-mvvm rules` lists them.
public enum TeamRules {
    /// Every rule of the team.
    public static let all: [any Rule.Type] = [
        ViewModelTasksThroughTaskOwnerRule.self,
        RepositoriesHaveTestDoublesRule.self,
    ]
}
