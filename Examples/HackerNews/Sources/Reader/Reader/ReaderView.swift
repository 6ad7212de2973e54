#if canImport(SwiftUI)
import HackerNewsModel
import SwiftUI

/// The reader: the story list in a navigation stack, with the open story pushed on top. Going
/// back clears the root view model's open story through the binding.
public struct ReaderView<ViewModel: ReaderViewModeling>: View {
    @State var viewModel: ViewModel

    /// Creates the reader for the root view model the app made.
    public init(viewModel: ViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    public var body: some View {
        NavigationStack {
            StoryListView(viewModel: viewModel.storyList)
                .navigationDestination(item: $viewModel.openStory) { story in
                    StoryView(viewModel: story)
                }
        }
    }
}

struct ReaderViewPreviews: PreviewProvider {
    static var previews: some View {
        let sample = try! SampleClient()
        ReaderView(
            viewModel: ReaderViewModel(
                dependencyProvider: ReaderViewModel.DependencyProvider(
                    client: sample, clock: FixedClock(sample.snapshotTime), linkOpener: SystemLinkOpener()
                )
            )
        )
    }
}
#endif
