/// Loads the items a list starts with. The view model depends on this protocol, never on a
/// concrete fetcher, so tests can control what arrives and when.
public protocol ItemFetching: Sendable {
    /// Fetches the items, in display order.
    func fetchItems() async throws -> [ListItem]
}

/// The app's fetcher: a fixed starter list kept in memory, standing in for a database or server.
public struct StandardItemFetcher: ItemFetching {
    private let items: [ListItem]

    /// Creates a fetcher that answers with `items`.
    public init(items: [ListItem] = StandardItemFetcher.starterItems) {
        self.items = items
    }

    /// The list a new install starts with.
    public static let starterItems = [
        ListItem(id: 1, name: "Buy milk"),
        ListItem(id: 2, name: "Water the plants"),
        ListItem(id: 3, name: "Call the plumber"),
    ]

    /// Returns the fixed list.
    public func fetchItems() async throws -> [ListItem] {
        items
    }
}
