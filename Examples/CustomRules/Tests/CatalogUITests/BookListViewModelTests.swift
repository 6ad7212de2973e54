import Catalog
import CatalogUI
import MVVM
import MVVMTesting
import Testing

/// A repository that answers with fixed books: the test double the team's
/// `repositories-have-test-doubles` rule asks for.
struct StubBookRepository: BookRepository {
    let stored: [Book]

    func books() async throws -> [Book] { stored }
}

@MainActor
struct BookListViewModelTests {
    @Test func loadListsTheTitles() async throws {
        let tasks = TaskOwner()
        let sut = BookListViewModel(dependencies: .init(books: StubBookRepository(stored: [Book(id: 1, title: "Dune")])), tasks: tasks)

        sut.load()
        try await tasks.untilIdle()

        #expect(sut.titles == ["Dune"])
    }
}
