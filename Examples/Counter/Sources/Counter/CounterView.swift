#if canImport(SwiftUI)
import SwiftUI

/// Shows the shared count and a button that adds one.
public struct CounterView<ViewModel: CounterViewModeling>: View {
    @State var viewModel: ViewModel

    /// Creates the view for a view model made by the app root (or a preview).
    public init(viewModel: ViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    public var body: some View {
        VStack {
            Text(viewModel.countText)
                .font(.largeTitle)
            Button("Increment") {
                viewModel.increment()
            }
        }
    }
}

struct CounterViewPreviews: PreviewProvider {
    static var previews: some View {
        CounterView(viewModel: CounterViewModel(dependencies: .init(counter: CounterService(count: 3))))
    }
}
#endif
