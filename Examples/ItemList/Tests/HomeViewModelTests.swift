import ItemListExample
import MVVM
import MVVMTesting
import Testing

@MainActor
struct HomeViewModelTests {
    @Test func titleDefaultsToHome() {
        let child = ItemListViewModel(dependencies: .init(itemFetcher: MockItemFetcher()))
        let sut = HomeViewModel(dependencyProvider: MockHomeViewModelDependencyProvider(itemListViewModel: child))
        #expect(sut.title == "Home")
    }

    @Test func makeItemListViewModelAsksTheProviderEachTime() {
        let child = ItemListViewModel(dependencies: .init(itemFetcher: MockItemFetcher()))
        let provider = MockHomeViewModelDependencyProvider(itemListViewModel: child)
        let sut = HomeViewModel(dependencyProvider: provider, title: "Start")

        let first = sut.makeItemListViewModel()
        _ = sut.makeItemListViewModel()

        #expect(first === child)
        #expect(provider.makeItemListViewModelStub.callCount == 2)
        #expect(sut.title == "Start")
    }

    @Test func appProviderPassesItsFetcherToEachChild() async throws {
        let fetcher = MockItemFetcher()
        fetcher.fetchItemsStub.defaultResult = .success([ListItem(id: 1, name: "Shared")])
        let sut = HomeViewModel(dependencyProvider: HomeViewModel.DependencyProvider(itemFetcher: fetcher))

        let first = sut.makeItemListViewModel()
        let second = sut.makeItemListViewModel()
        #expect(first !== second)

        first.load()
        second.load()
        try await waitUntil("both lists to load") {
            first.items.map(\.name) == ["Shared"] && second.items.map(\.name) == ["Shared"]
        }
        #expect(fetcher.fetchItemsStub.callCount == 2)
    }
}
