import ItemListExample
import MVVMTesting

@MainActor
final class MockHomeViewModelDependencyProvider: HomeViewModel.DependencyProviding {
    let makeItemListViewModelStub: Stub<Void, ItemListViewModel>

    init(itemListViewModel: ItemListViewModel) {
        makeItemListViewModelStub = Stub(defaultReturnValue: itemListViewModel)
    }

    func makeItemListViewModel() -> ItemListViewModel {
        makeItemListViewModelStub()
    }
}
