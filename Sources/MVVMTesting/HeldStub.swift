import Foundation

/// A stand-in for an `async` requirement that holds each call in flight until the test answers
/// it, and tells whether the caller was cancelled while it waited.
///
/// It is the way to test what a view model does *while* work is in flight and when new work
/// replaces it ("a new query replaces the one in flight"):
///
/// ```swift
/// let search = HeldStub<String, [Result]>()
/// sut.send(.search("sw"))
/// let first = try await search.nextCall()
/// sut.send(.search("swift"))               // replaces the first search
/// let second = try await search.nextCall()
/// #expect(first.wasCancelled)
/// second.answer([swiftResult])
/// ```
///
/// Calls and answers are handed over through continuations: nothing polls or sleeps. A
/// cancelled caller gets `CancellationError` at once; an answer given to it later is ignored.
/// In a ``ViewModelHarness`` test, a call still held when the test ends shows as work still
/// running in the end check.
public final class HeldStub<Arguments: Sendable, Output: Sendable>: @unchecked Sendable {
    // Every stored property below is read and written only while holding `lock`.
    private let lock = NSLock()
    private var undelivered: [HeldCall<Arguments, Output>] = []
    private var allCalls: [HeldCall<Arguments, Output>] = []
    /// The tests waiting in ``nextCall(timeout:fileID:line:)``; guarded by `lock` too.
    private let takers: TimedWaits<Void, HeldCall<Arguments, Output>>

    /// Creates a stub with no calls.
    public init() {
        takers = TimedWaits(lock: lock)
    }

    /// Every call so far, oldest first, answered or not.
    public var calls: [HeldCall<Arguments, Output>] {
        lock.withLock { allCalls }
    }

    /// How many times the stub was called.
    public var callCount: Int {
        lock.withLock { allCalls.count }
    }

    /// Records a call and suspends the caller until the test answers it or the caller is
    /// cancelled.
    ///
    /// - Throws: The error the test fails the call with, or `CancellationError` when the
    ///   caller's task is cancelled first.
    public func callAsFunction(_ arguments: Arguments) async throws -> Output {
        let call = HeldCall<Arguments, Output>(arguments: arguments)
        return try await withTaskCancellationHandler {
            // Handed to the test only once inside the handler, so a cancellation after the test
            // has the call always reaches it before the code that cancelled returns.
            lock.withLock {
                allCalls.append(call)
                if !takers.resumeOldest(with: call) {
                    undelivered.append(call)
                }
            }
            return try await call.result()
        } onCancel: {
            call.cancel()
        }
    }

    /// Returns the oldest call the test has not taken yet, waiting for it to be made if needed.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait before failing; a view model that never calls becomes a
    ///     failed test instead of a hang.
    ///   - fileID: The caller's file, where a failure is reported (leave the default).
    ///   - line: The caller's line (leave the default).
    /// - Throws: ``WaitTimeoutError`` when no call arrives in time.
    public func nextCall(
        timeout: Duration = .seconds(30),
        fileID: String = #fileID,
        line: Int = #line
    ) async throws -> HeldCall<Arguments, Output> {
        let delivered = await takers.wait(for: (), timeout: timeout) { _ in
            undelivered.isEmpty ? nil : undelivered.removeFirst()
        }
        guard let delivered else {
            throw WaitTimeoutError(waitingFor: "a call of the held stub", timeout: timeout, fileID: fileID, line: line)
        }
        return delivered
    }
}

extension HeldStub where Arguments == Void {
    /// Records a call of a requirement without arguments and suspends until it is answered.
    public func callAsFunction() async throws -> Output {
        try await self(())
    }
}

/// One call of a ``HeldStub``, held until the test answers or fails it.
public final class HeldCall<Arguments: Sendable, Output: Sendable>: @unchecked Sendable {
    /// The arguments the caller passed.
    public let arguments: Arguments

    // Every stored property below is read and written only while holding `lock`.
    private let lock = NSLock()
    private var outcome: Result<Output, any Error>?
    private var waiting: CheckedContinuation<Output, any Error>?
    private var cancelled = false

    init(arguments: Arguments) {
        self.arguments = arguments
    }

    /// Whether the caller's task was cancelled while the call was held. Cancellation reaches the
    /// stub at the moment the task is cancelled, so this is settled as soon as the code that
    /// cancels (a `TaskOwner` replacing work by id) has run.
    public var wasCancelled: Bool {
        lock.withLock { cancelled }
    }

    /// Whether the call was answered, failed or cancelled.
    public var isFinished: Bool {
        lock.withLock { outcome != nil }
    }

    /// Resumes the caller with `output`. Ignored if the call already finished (was cancelled).
    public func answer(_ output: Output) {
        finish(.success(output))
    }

    /// Resumes the caller by throwing `error`. Ignored if the call already finished.
    public func fail(_ error: any Error) {
        finish(.failure(error))
    }

    func cancel() {
        lock.withLock {
            if outcome == nil {
                cancelled = true
            }
        }
        finish(.failure(CancellationError()))
    }

    func result() async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock {
                if let outcome {
                    continuation.resume(with: outcome)
                } else {
                    waiting = continuation
                }
            }
        }
    }

    private func finish(_ result: Result<Output, any Error>) {
        lock.withLock {
            guard outcome == nil else { return }
            outcome = result
            waiting?.resume(with: result)
            waiting = nil
        }
    }
}
