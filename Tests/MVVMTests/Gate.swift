/// A one-shot signal a test opens when it chooses; `wait()` suspends until then, or until the
/// waiting task is cancelled.
final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Void>.makeStream()
    }

    func wait() async {
        for await _ in stream {
            return
        }
    }

    func open() {
        continuation.yield()
        continuation.finish()
    }
}
