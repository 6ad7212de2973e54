/// A book of the catalog.
public struct Book: Equatable, Sendable, Identifiable {
    /// The catalog number.
    public let id: Int
    /// The title.
    public let title: String

    /// Creates a book.
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}
