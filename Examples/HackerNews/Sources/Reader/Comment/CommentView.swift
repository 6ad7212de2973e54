#if canImport(SwiftUI)
import Foundation
import HackerNewsModel
import SwiftUI

/// One comment, indented by its depth; tapping its header folds its text and replies away, or
/// back.
public struct CommentView<ViewModel: CommentViewModeling>: View {
    // Not @State: the story's view model makes the comments and hands the same ones on updates.
    let viewModel: ViewModel

    /// Creates the view for a comment its story's view model made (or a preview's).
    public init(viewModel: ViewModel) {
        self.viewModel = viewModel
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Button {
                viewModel.toggle()
            } label: {
                HStack {
                    Text(viewModel.author)
                        .bold()
                    Text(viewModel.age)
                        .foregroundStyle(.secondary)
                    if viewModel.isCollapsed {
                        Text("[+\(viewModel.replyCount)]")
                            .foregroundStyle(.secondary)
                    }
                }
                .font(.caption)
            }
            .buttonStyle(.plain)
            if !viewModel.isCollapsed {
                Text(viewModel.text)
            }
        }
        .padding(.leading, CGFloat(viewModel.depth) * 12)
    }
}

struct CommentViewPreviews: PreviewProvider {
    static var previews: some View {
        let reply = Item(id: 2, kind: .comment, author: "nadia", time: Date(timeIntervalSince1970: 1_767_200_000), text: "Agreed.")
        let comment = Item(
            id: 1, kind: .comment, author: "kestrel", time: Date(timeIntervalSince1970: 1_767_190_000),
            text: "It&#x27;s <i>small</i>, and that is the point.", kids: [2]
        )
        let now = Date(timeIntervalSince1970: 1_767_210_000)
        List {
            CommentView(viewModel: CommentViewModel(node: CommentNode(comment: comment, replies: [CommentNode(comment: reply)]), depth: 0, now: now))
            CommentView(viewModel: CommentViewModel(node: CommentNode(comment: reply), depth: 1, now: now))
        }
    }
}
#endif
