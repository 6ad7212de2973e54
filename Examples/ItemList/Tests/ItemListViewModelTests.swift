import ItemListExample
import MVVM
import MVVMTesting
import Testing

@MainActor
struct ItemListViewModelTests {
    let fetcher = MockItemFetcher()
    let tasks = TaskOwner()

    func makeSUT() -> ItemListViewModel {
        ItemListViewModel(dependencies: .init(itemFetcher: fetcher), tasks: tasks)
    }

    func makeRecorder(_ sut: ItemListViewModel) throws -> ChangeRecorder<ItemListViewModel> {
        try ChangeRecorder(sut, tracking: ["items": \.items, "loadState": \.loadState])
    }

    @Test func startsEmptyAndIdle() {
        let sut = makeSUT()
        #expect(sut.items.isEmpty)
        #expect(sut.loadState == .idle)
        #expect(fetcher.fetchItemsStub.callCount == 0)
    }

    @Test func loadShowsLoadingThenTheFetchedItems() async throws {
        let fetched = [ListItem(id: 7, name: "Seven"), ListItem(id: 3, name: "Three")]
        fetcher.fetchItemsStub.enqueue(.success(fetched))
        let sut = makeSUT()
        let recorder = try makeRecorder(sut)

        recorder.expectChanges(during: { sut.load() }) { $0.loadState = .loading }
        try await tasks.untilIdle()
        recorder.expectChanges {
            $0.items = fetched
            $0.loadState = .idle
        }

        #expect(fetcher.fetchItemsStub.callCount == 1)
        tasks.expectNoWorkLeftBehind()
    }

    @Test func loadFailureKeepsItemsAndReportsTheError() async throws {
        fetcher.fetchItemsStub.enqueue(.failure(FetchFailure()))
        let sut = makeSUT()
        sut.addRow()

        sut.load()
        try await tasks.untilIdle()

        #expect(sut.loadState == .failed(message: "Could not load the list: offline"))
        #expect(sut.items.map(\.name) == ["New Item 1"])
    }

    @Test func addRowAppendsANumberedRowAndChangesOnlyItems() throws {
        let sut = makeSUT()
        let recorder = try makeRecorder(sut)

        recorder.expectChanges(during: { sut.addRow() }) {
            $0.items = [ListItem(id: 1, name: "New Item 1")]
        }
        recorder.expectChanges(during: { sut.addRow() }) {
            $0.items.append(ListItem(id: 2, name: "New Item 2"))
        }
    }

    @Test func addRowNumbersAfterTheHighestLoadedID() async throws {
        fetcher.fetchItemsStub.enqueue(.success([ListItem(id: 41, name: "A"), ListItem(id: 9, name: "B")]))
        let sut = makeSUT()
        sut.load()
        try await tasks.untilIdle()

        sut.addRow()

        #expect(sut.items.last == ListItem(id: 42, name: "New Item 42"))
    }

    @Test func standardFetcherAnswersTheStarterList() async throws {
        let tasks = TaskOwner()
        let sut = ItemListViewModel(dependencies: .init(itemFetcher: StandardItemFetcher()), tasks: tasks)
        sut.load()
        try await tasks.untilIdle()
        #expect(sut.items == StandardItemFetcher.starterItems)
    }
}
