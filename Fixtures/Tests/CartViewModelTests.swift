import Testing

@Test func clearEmptiesTheCart() {
    let viewModel = CartViewModel(title: "Cart", dependencies: .init(checkout: CheckoutStub()))
    viewModel.clear()
    #expect(viewModel.items.isEmpty)
}

@Test func loginSucceeds() {
    let viewModel = LoginViewModel(responder: .noop)
    viewModel.send(.authenticate)
    viewModel.send(.succeeded)
}
