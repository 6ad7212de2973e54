/// One row of the item list: plain data, shown as its name.
public struct ListItem: Identifiable, Hashable, Sendable {
    /// Identifies the item within its list.
    public let id: Int
    /// What the row shows.
    public let name: String

    /// Creates an item.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}
