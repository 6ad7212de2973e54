import Observation

protocol CartViewModeling: Observable {
    associatedtype Checkout: CheckoutViewModeling

    var items: [String] { get set }
    var coupon: String { get set }
    var receipt: any ReceiptViewModeling { get }

    func makeCheckoutViewModel() -> Checkout
    func remove(at index: Int)
    func clear()
}
