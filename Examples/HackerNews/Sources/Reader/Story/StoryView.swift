#if canImport(SwiftUI)
import HackerNewsModel
import SwiftUI

/// A story: its details, a button for its link, and its comment thread.
public struct StoryView<ViewModel: StoryViewModeling>: View {
    // Not @State: the root's view model makes a new story view model for each story opened.
    let viewModel: ViewModel

    /// Creates the view for the story its parent's view model opened (or a preview's).
    public init(viewModel: ViewModel) {
        self.viewModel = viewModel
    }

    public var body: some View {
        List {
            Section {
                VStack(alignment: .leading, spacing: 8) {
                    Text(viewModel.title)
                        .font(.title3.bold())
                    Text(viewModel.footnote)
                        .font(.caption)
                        .foregroundStyle(.secondary)
                    if let text = viewModel.text {
                        Text(text)
                    }
                    if viewModel.link != nil {
                        Button("Open Link") {
                            viewModel.openLink()
                        }
                    }
                }
            }
            Section("Comments") {
                thread
            }
        }
        .task {
            viewModel.load()
        }
    }

    @ViewBuilder private var thread: some View {
        switch viewModel.comments {
        case .idle, .loading:
            ProgressView()
        case .loaded(let comments):
            if comments.isEmpty {
                Text(viewModel.noCommentsMessage)
                    .foregroundStyle(.secondary)
            }
            ForEach(comments) { comment in
                CommentView(viewModel: comment)
            }
        case .failed(let message):
            Text(message)
                .foregroundStyle(.red)
        }
    }
}

struct StoryViewPreviews: PreviewProvider {
    static var previews: some View {
        let sample = try! SampleClient()
        NavigationStack {
            StoryView(
                viewModel: StoryViewModel(
                    dependencies: .init(client: sample, clock: FixedClock(sample.snapshotTime)),
                    story: sample.stories(in: .top)[0],
                    responder: .noop
                )
            )
        }
    }
}
#endif
