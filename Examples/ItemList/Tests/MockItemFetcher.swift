import ItemListExample
import MVVMTesting

final class MockItemFetcher: ItemFetching {
    let fetchItemsStub = ThrowingStub<Void, [ListItem]>(defaultReturnValue: [])

    func fetchItems() async throws -> [ListItem] {
        try fetchItemsStub()
    }
}

struct FetchFailure: Error, CustomStringConvertible {
    var description: String { "offline" }
}
