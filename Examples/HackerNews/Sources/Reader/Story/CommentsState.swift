/// Where a story's comment thread is.
public enum CommentsState<Comment> {
    /// Nothing asked for yet.
    case idle
    /// The thread is loading.
    case loading
    /// The comments to show, in thread order, without the replies of collapsed comments.
    case loaded([Comment])
    /// The thread could not be loaded; the message is for the user.
    case failed(message: String)
}
