struct Product {
    let title: String
    let price: Decimal
}

struct ProductViewModel {
    let product: Product

    var title: String { product.title }
    var price: Decimal { product.price }
}
