#if canImport(SwiftUI)
import SwiftUI

/// Shows the item list. It reads the view model's state and calls its intents; it holds no other
/// state and has no logic of its own.
public struct ItemListView<ViewModel: ItemListViewModeling>: View {
    @State var viewModel: ViewModel

    /// Creates the view for a view model made by its parent's view model (or a preview).
    public init(viewModel: ViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    public var body: some View {
        List {
            if case .failed(let message) = viewModel.loadState {
                Text(message)
                    .foregroundStyle(.red)
            }
            ForEach(viewModel.items) { item in
                Text(item.name)
            }
        }
        .overlay {
            if viewModel.loadState == .loading {
                ProgressView()
            }
        }
        .toolbar {
            Button {
                viewModel.addRow()
            } label: {
                Image(systemName: "plus")
            }
        }
        .task {
            viewModel.load()
        }
    }
}

struct ItemListViewPreviews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            ItemListView(viewModel: ItemListViewModel(dependencies: .init(itemFetcher: StandardItemFetcher())))
        }
    }
}
#endif
