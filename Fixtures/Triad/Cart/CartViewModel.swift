import Observation

@MainActor
@Observable
final class CartViewModel: CartViewModeling {
    struct Dependencies {
        let checkout: any CheckoutServing
    }

    private(set) var items: [String] = []
    var coupon = ""
    var receipt: any ReceiptViewModeling { fatalError("not used by the fixture") }
    private let dependencies: Dependencies

    init(title: String, dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    func makeCheckoutViewModel() -> CheckoutViewModel {
        CheckoutViewModel()
    }

    func remove(at index: Int) {
        items.remove(at: index)
    }

    func clear() {
        items = []
    }
}
