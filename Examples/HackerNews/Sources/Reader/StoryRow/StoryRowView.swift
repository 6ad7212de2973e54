#if canImport(SwiftUI)
import HackerNewsModel
import SwiftUI

/// One story in a list: rank, title, footnote and counts; tapping it opens the story.
public struct StoryRowView<ViewModel: StoryRowViewModeling>: View {
    // Not @State: rows are remade when the list reloads, and the new row must show.
    let viewModel: ViewModel

    /// Creates the row for a row view model its list made (or a preview's).
    public init(viewModel: ViewModel) {
        self.viewModel = viewModel
    }

    public var body: some View {
        Button {
            viewModel.open()
        } label: {
            HStack(alignment: .firstTextBaseline) {
                Text("\(viewModel.rank).")
                    .monospacedDigit()
                    .foregroundStyle(.secondary)
                VStack(alignment: .leading, spacing: 4) {
                    Text(viewModel.title)
                        .font(.headline)
                    Text(viewModel.footnote)
                        .font(.caption)
                        .foregroundStyle(.secondary)
                    Text(viewModel.counts)
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
        }
        .buttonStyle(.plain)
    }
}

struct StoryRowViewPreviews: PreviewProvider {
    static var previews: some View {
        let sample = try! SampleClient()
        List(Array(sample.stories(in: .top).prefix(5).enumerated()), id: \.element.id) { offset, story in
            StoryRowView(
                viewModel: StoryRowViewModel(story: story, rank: offset + 1, now: sample.snapshotTime, responder: .noop)
            )
        }
    }
}
#endif
