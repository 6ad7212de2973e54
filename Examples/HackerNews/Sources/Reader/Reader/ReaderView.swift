#if canImport(SwiftUI)
import HackerNewsModel
import SwiftUI

/// The reader: the story list in a navigation stack, with the open story pushed on top.
/// Navigation binds to the root view model's route, so going back clears its story, and a route
/// set from a link or restored state pushes the story it names.
public struct ReaderView<ViewModel: ReaderViewModeling>: View {
    @State var viewModel: ViewModel

    /// Creates the reader for the root view model the app made.
    public init(viewModel: ViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    public var body: some View {
        NavigationStack {
            StoryListView(viewModel: viewModel.storyList)
                .navigationDestination(item: $viewModel.route.storyID) { _ in
                    if let story = viewModel.openStory {
                        StoryView(viewModel: story)
                    } else if let failure = viewModel.openFailure {
                        Text(failure)
                    } else {
                        ProgressView()
                    }
                }
        }
    }
}

#Preview {
    let sample = try! SampleClient()
    ReaderView(
        viewModel: ReaderViewModel(
            dependencyProvider: ReaderViewModel.DependencyProvider(
                client: sample, clock: FixedClock(sample.snapshotTime), linkOpener: SystemLinkOpener()
            )
        )
    )
}
#endif
