#if canImport(SwiftUI)
import HackerNewsModel
import SwiftUI

/// A story list: a picker for the list, the rows with a pager below them, pull to refresh (the
/// rows stay until fresh ones arrive), and what went wrong when nothing could load.
public struct StoryListView<ViewModel: StoryListViewModeling>: View {
    // @State for the picker's binding; the root keeps one list for its life, so it never changes.
    @State var viewModel: ViewModel

    /// Creates the view for the list its parent's view model holds (or a preview's).
    public init(viewModel: ViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    public var body: some View {
        content
            .navigationTitle(viewModel.list.title)
            .toolbar {
                Picker("List", selection: $viewModel.list) {
                    ForEach(StoryList.allCases, id: \.self) { list in
                        Text(list.title).tag(list)
                    }
                }
            }
            .refreshable {
                viewModel.refresh()
            }
            .task {
                viewModel.load()
            }
    }

    @ViewBuilder private var content: some View {
        switch viewModel.state {
        case .idle, .loading:
            ProgressView()
        case .failed(let message):
            ContentUnavailableView {
                Label("No Stories", systemImage: "exclamationmark.triangle")
            } description: {
                Text(message)
            } actions: {
                Button("Try Again") {
                    viewModel.refresh()
                }
            }
        case .loaded(let rows, let more, let refresh):
            List {
                refreshStatus(refresh)
                ForEach(rows) { row in
                    StoryRowView(viewModel: row)
                }
                pager(more)
            }
        }
    }

    // Rows stay while a refresh runs; its progress or failure shows above them.
    @ViewBuilder private func refreshStatus(_ refresh: RefreshState) -> some View {
        switch refresh {
        case .current:
            EmptyView()
        case .refreshing:
            ProgressView()
        case .failed(let message):
            Button(message) {
                viewModel.refresh()
            }
            .foregroundStyle(.red)
        }
    }

    @ViewBuilder private func pager(_ more: MoreStories) -> some View {
        switch more {
        case .available:
            Button("More Stories") {
                viewModel.loadMore()
            }
        case .loading:
            ProgressView()
        case .failed(let message):
            Button(message) {
                viewModel.loadMore()
            }
            .foregroundStyle(.red)
        case .exhausted:
            EmptyView()
        }
    }
}

struct StoryListViewPreviews: PreviewProvider {
    static var previews: some View {
        let sample = try! SampleClient()
        NavigationStack {
            StoryListView(
                viewModel: StoryListViewModel(
                    dependencies: .init(client: sample, clock: FixedClock(sample.snapshotTime)),
                    responder: .noop
                )
            )
        }
    }
}
#endif
