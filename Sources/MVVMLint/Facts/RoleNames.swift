/// Names that settle roles, shared by role resolution and the rules.
enum RoleNames {
    /// Type-name suffixes of services: what a view model receives rather than creates, and no
    /// view model even when a view keeps one.
    static let serviceSuffixes = [
        "Service", "Client", "Fetcher", "Repository", "Store", "Manager", "UseCase", "API", "Webservice",
    ]
}
