/// Where the books come from; view models take it as this protocol, so tests hand them a stub.
public protocol BookRepository: Sendable {
    /// Every book, in catalog order.
    func books() async throws -> [Book]
}

/// The books shipped with the app.
public struct BundledBookRepository: BookRepository {
    /// Creates the repository.
    public init() {}

    public func books() async throws -> [Book] {
        [Book(id: 1, title: "Dune"), Book(id: 2, title: "Solaris")]
    }
}
