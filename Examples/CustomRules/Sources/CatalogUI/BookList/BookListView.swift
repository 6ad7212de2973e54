#if canImport(SwiftUI)
import SwiftUI

/// Lists the catalog's titles.
public struct BookListView<ViewModel: BookListViewModeling>: View {
    @State var viewModel: ViewModel

    /// Creates the view for a view model made by the app root (or a preview).
    public init(viewModel: ViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    public var body: some View {
        List(viewModel.titles, id: \.self) { title in
            Text(title)
        }
        .onAppear { viewModel.load() }
    }
}
#endif
