struct Order {
    let id: Int
    var cart: CartViewModel?
}
