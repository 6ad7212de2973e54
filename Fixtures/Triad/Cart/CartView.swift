import SwiftUI

struct CartView<VM: CartViewModeling>: View {
    @State var model: VM

    var body: some View {
        List(model.items, id: \.self) { Text($0) }
        TextField("Coupon", text: $model.coupon)
        Button("Clear") { model.clear() }
    }
}
