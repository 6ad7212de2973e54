#if canImport(SwiftUI)
import SwiftUI

/// The home screen: a title and a link to the item list, whose view model comes from this
/// screen's view model.
public struct HomeView<ViewModel: HomeViewModeling>: View {
    @State var viewModel: ViewModel

    /// Creates the view for a view model made by the app root (or a preview).
    public init(viewModel: ViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    public var body: some View {
        NavigationStack {
            List {
                NavigationLink("Items") {
                    ItemListView(viewModel: viewModel.makeItemListViewModel())
                }
            }
            .navigationTitle(viewModel.title)
        }
    }
}

struct HomeViewPreviews: PreviewProvider {
    static var previews: some View {
        HomeView(
            viewModel: HomeViewModel(
                dependencyProvider: HomeViewModel.DependencyProvider(itemFetcher: StandardItemFetcher())
            )
        )
    }
}
#endif
