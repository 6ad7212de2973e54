// Pieces both styles use, written once: the model protocol a screen loads through, the loader
// its preview uses, and the test double its tests use.

enum SharedTemplates {
    /// The service the loading screens depend on, so a screen compiles on its own.
    static let loading = """
        /// What the {{Name}} screen needs from the model layer. Move it next to your models and
        /// implement it there (a client, a store...).
        protocol {{Name}}Loading: Sendable {
            /// The rows, in display order.
            func loadItems() async throws -> [String]
        }

        """

    /// A loader with fixed rows, for previews.
    static let previewLoader = """
        private struct Preview{{Name}}Loader: {{Name}}Loading {
            func loadItems() async throws -> [String] {
                ["First", "Second", "Third"]
            }
        }

        """

    /// The loader's test double on `MVVMTesting`'s stub, and an error to fail with.
    static let mockLoader = """
        final class Mock{{Name}}Loader: {{Name}}Loading {
            let loadItemsStub = ThrowingStub<Void, [String]>(defaultReturnValue: [])

            func loadItems() async throws -> [String] {
                try loadItemsStub()
            }
        }

        struct {{Name}}LoadFailure: Error, CustomStringConvertible {
            var description: String { "offline" }
        }

        """
}
