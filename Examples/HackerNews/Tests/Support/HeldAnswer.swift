/// Holds back the answer for one id until a given number of requests have arrived, so answers
/// finish out of ranking order on every run, without timing.
///
/// A client that keeps `concurrency` requests in flight sends request `concurrency + 1` only
/// after it has taken in some answer. Holding the first-ranked id until that request arrives
/// therefore guarantees that another answer was taken in before it.
public actor HeldAnswer {
    private let heldID: Int
    private let releasingRequest: Int
    private var requests = 0
    private var waiting: CheckedContinuation<Void, Never>?

    /// Holds the answer for `id` until request number `request` (counting from 1) arrives.
    public init(for id: Int, untilRequest request: Int) {
        heldID = id
        releasingRequest = request
    }

    /// Call as a request for `id` arrives; returns when it may be answered, or when the request's
    /// task is cancelled.
    ///
    /// Cancellation matters when a client gives up before sending the releasing request: the
    /// server cancels its handlers as it stops, and a handler waiting here forever would keep the
    /// test from ever ending instead of letting it fail.
    public func arrived(_ id: Int) async {
        requests += 1
        if requests >= releasingRequest {
            release()
        } else if id == heldID {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    if Task.isCancelled {
                        continuation.resume()
                    } else {
                        waiting = continuation
                    }
                }
            } onCancel: {
                Task { await self.release() }
            }
        }
    }

    private func release() {
        waiting?.resume()
        waiting = nil
    }
}
