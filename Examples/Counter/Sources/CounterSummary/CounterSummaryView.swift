#if canImport(SwiftUI)
import SwiftUI

/// Describes the shared count and offers a reset.
public struct CounterSummaryView<ViewModel: CounterSummaryViewModeling>: View {
    @State var viewModel: ViewModel

    /// Creates the view for a view model made by the app root (or a preview).
    public init(viewModel: ViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    public var body: some View {
        VStack {
            Text(viewModel.summary)
            Button("Reset") {
                viewModel.reset()
            }
            .disabled(!viewModel.canReset)
        }
    }
}

struct CounterSummaryViewPreviews: PreviewProvider {
    static var previews: some View {
        CounterSummaryView(viewModel: CounterSummaryViewModel(dependencies: .init(counter: CounterService(count: 5))))
    }
}
#endif
