import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if !canImport(AsyncHTTPClient)
/// The transport on Apple platforms: URLSession, the platform's own, with a deadline for the
/// whole exchange (connect, headers, body) and a cap on the body as delivered, that is after
/// decompression.
///
/// URLSession's own timeouts do not bound a body dripped a byte at a time, so each request has
/// its own deadline. Every cancellation of a URLSession task and every resumption of a waiting
/// Swift task happens on this type's serial queue, never inside a cancellation handler: on
/// Linux, cancelling `data(from:)` from one deadlocks against a network thread finishing the
/// same request (a lock-order inversion in swift-corelibs-foundation), and nothing is lost by
/// keeping the same discipline here. (Linux uses `AsyncHTTPClientTransport`: its URLSession
/// also keeps every body whole in memory, with no way to stop a compressed one in time.)
final class URLSessionTransport: NSObject, URLSessionDataDelegate, HTTPTransport, @unchecked Sendable {
    private typealias Failure = TransportFailure

    /// One request in flight. Its mutable state is touched only on `queue`, which is what
    /// makes sharing it between the Swift task and the session's callbacks safe.
    private final class Exchange: @unchecked Sendable {
        let limit: Int
        var continuation: CheckedContinuation<Data, any Error>?
        var task: URLSessionDataTask?
        var body = Data()
        var isFinished = false

        init(limit: Int) {
            self.limit = limit
        }
    }

    // Everything that changes an exchange runs here, one block at a time; `exchanges` too.
    private let queue = DispatchQueue(label: "hn.bounded-fetcher")
    private var exchanges: [Int: Exchange] = [:]
    // Set once in init, before any request; URLSession keeps its delegate (this object) alive.
    nonisolated(unsafe) private var session: URLSession?

    /// Creates a fetcher whose session gives up on a silent connection after `idleTimeout`
    /// seconds, a backstop: each request's own deadline normally ends it first.
    init(idleTimeout: TimeInterval) {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = idleTimeout
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    func get(_ url: URL, timeout: Duration, limit: Int) async throws -> Data {
        let exchange = Exchange(limit: limit)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async { self.start(exchange, url: url, timeout: timeout, continuation: continuation) }
            }
        } onCancel: {
            // Only hand the work over: the cancellation handler runs under the task's lock.
            queue.async { self.finish(exchange, with: .failure(Failure.cancelled)) }
        }
    }

    private func start(
        _ exchange: Exchange, url: URL, timeout: Duration, continuation: CheckedContinuation<Data, any Error>
    ) {
        guard !exchange.isFinished, let session else {
            continuation.resume(throwing: Failure.cancelled)
            return
        }
        exchange.continuation = continuation
        let task = session.dataTask(with: url)
        exchange.task = task
        exchanges[task.taskIdentifier] = exchange
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        queue.asyncAfter(deadline: .now() + max(0, seconds)) {
            self.finish(exchange, with: .failure(Failure.timedOut))
        }
        task.resume()
    }

    /// Ends `exchange` once: the waiting task gets `result`, and the request, if still running,
    /// is cancelled. Runs on `queue`.
    private func finish(_ exchange: Exchange, with result: Result<Data, any Error>) {
        guard !exchange.isFinished else { return }
        exchange.isFinished = true
        exchange.body = Data()
        if let task = exchange.task {
            exchanges[task.taskIdentifier] = nil
            if task.state == .running || task.state == .suspended {
                task.cancel()
            }
        }
        exchange.continuation?.resume(with: result)
        exchange.continuation = nil
    }

    /// Runs `body` on `queue` with the exchange of `task`, if it is still going.
    private func withExchange(of task: URLSessionTask, _ body: @escaping @Sendable (Exchange) -> Void) {
        let identifier = task.taskIdentifier
        queue.async {
            guard let exchange = self.exchanges[identifier], !exchange.isFinished else { return }
            body(exchange)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        completionHandler(.allow)
        guard status != 200 else { return }
        withExchange(of: dataTask) { exchange in
            self.finish(exchange, with: .failure(Failure.status(status)))
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        withExchange(of: dataTask) { exchange in
            guard exchange.body.count + data.count <= exchange.limit else {
                self.finish(exchange, with: .failure(Failure.tooLarge(exchange.limit)))
                return
            }
            exchange.body.append(data)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        withExchange(of: task) { exchange in
            if let error {
                self.finish(exchange, with: .failure(Failure.transport((error as NSError).localizedDescription)))
            } else {
                self.finish(exchange, with: .success(exchange.body))
            }
        }
    }
}
#endif
