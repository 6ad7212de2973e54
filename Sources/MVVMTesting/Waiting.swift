import Foundation
import MVVM
import Observation

/// A wait that did not finish in time.
public struct WaitTimeoutError: Error, CustomStringConvertible {
    /// What the test was waiting for.
    public let waitingFor: String
    /// How long it waited.
    public let timeout: Duration
    /// Where the wait was written.
    public let fileID: String
    /// The line of the wait.
    public let line: Int

    /// A sentence naming what did not happen, where and after how long.
    public var description: String {
        "\(fileID):\(line): timed out after \(timeout) waiting for \(waitingFor)"
    }
}

/// A wait whose condition reads no observable state: nothing could ever wake it, so it would sleep
/// out its timeout and then pass or fail by chance.
public struct UnobservedConditionError: Error, CustomStringConvertible {
    /// What the test was waiting for.
    public let waitingFor: String
    /// Where the wait was written.
    public let fileID: String
    /// The line of the wait.
    public let line: Int

    /// A sentence saying why the wait cannot work and what to wait on instead.
    public var description: String {
        "\(fileID):\(line): the condition for \(waitingFor) reads no observable state, so no change can wake "
            + "the wait. Read a property of an @Observable model in it, or await the event directly "
            + "(`await stub.nextCall()` for a HeldStub, `try await tasks.untilIdle()` for a task)."
    }
}

/// Waits until `condition` holds, re-checking it each time an observed property it reads changes.
///
/// The condition is evaluated under Observation tracking, like a view's body, so the wait wakes
/// exactly when something it depends on changes; there is no polling and no sleep. Use it for
/// state that settles through paths a test cannot await directly (a model service's own tasks,
/// a stream the view model consumes).
///
/// ```swift
/// try await waitUntil("the list to load") { viewModel.items.count == 3 }
/// ```
///
/// - Parameters:
///   - description: What is awaited, for the failure message.
///   - timeout: How long to wait before failing; a hang becomes a failed test. The default is
///     generous on purpose: a loaded CI machine can hold a passing test's tasks back for
///     seconds, and a wait that passes returns as soon as the condition holds anyway.
///   - fileID: The caller's file, for the failure message.
///   - line: The caller's line, for the failure message.
///   - condition: Reads observable state and says whether the wait is over.
/// - Throws: ``WaitTimeoutError`` if the condition still does not hold after `timeout`;
///   ``UnobservedConditionError``, at once, if the condition does not hold and read no
///   observable state (a stub's call count, a plain variable), since nothing could wake the wait.
@MainActor
public func waitUntil(
    _ description: String = "the condition",
    timeout: Duration = .seconds(30),
    fileID: String = #fileID,
    line: Int = #line,
    _ condition: @MainActor () -> Bool
) async throws {
    let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    // The deadline ends the stream; a change arriving after it no longer matters.
    let timer = Task {
        try? await Task.sleep(for: timeout)
        continuation.finish()
    }
    defer {
        timer.cancel()
        continuation.finish()
    }
    var iterator = changes.makeAsyncIterator()
    while true {
        let probe = TrackingProbe()
        let satisfied = withObservationTracking(
            { condition() },
            onChange: probe.installed { continuation.yield() }
        )
        if satisfied {
            return
        }
        guard probe.didInstall else {
            throw UnobservedConditionError(waitingFor: description, fileID: fileID, line: line)
        }
        if await iterator.next() == nil {
            // One last look: the change that ended the wait may have raced the deadline.
            if condition() {
                return
            }
            throw WaitTimeoutError(waitingFor: description, timeout: timeout, fileID: fileID, line: line)
        }
    }
}

/// Tells whether Observation installed a change handler: it asks for the handler (its
/// `onChange` argument is an autoclosure) only when the tracked closure read observable state.
@MainActor
private final class TrackingProbe {
    private(set) var didInstall = false

    func installed(_ handler: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        didInstall = true
        return handler
    }
}

extension TaskOwner {
    /// Returns once no work is running, including work started while it waits, and fails
    /// instead of hanging when the work does not finish within `timeout` (a mock that never
    /// answers, a task that loops): the test's wait for a `TaskOwner`.
    ///
    /// ```swift
    /// sut.send(.refresh)
    /// try await tasks.untilIdle()
    /// ```
    ///
    /// On timeout, the running work is cancelled so it does not outlive the test. The default
    /// is generous on purpose, like the kit's other waits: a loaded CI machine can hold a passing
    /// test's tasks back for seconds, and a wait that passes returns as soon as the work is done.
    /// (`waitForAll()`, the runtime's own wait, has no deadline.)
    ///
    /// - Parameters:
    ///   - timeout: How long to wait before failing; 30 seconds unless given.
    ///   - fileID: The caller's file, for the failure message.
    ///   - line: The caller's line, for the failure message.
    /// - Throws: ``WaitTimeoutError`` naming how many tasks were still running.
    public func untilIdle(
        timeout: Duration = .seconds(30),
        fileID: String = #fileID,
        line: Int = #line
    ) async throws {
        let finishedInTime = await race(timeout: timeout) {
            await self.waitForAll()
        }
        guard finishedInTime else {
            let count = runningCount
            cancelAll()
            throw WaitTimeoutError(
                waitingFor: "\(count) running task(s) to finish",
                timeout: timeout,
                fileID: fileID,
                line: line
            )
        }
    }
}

/// Runs `operation` against a deadline; returns whether it finished first. The operation is not
/// awaited past the deadline (it may go on in the background).
@MainActor
private func race(timeout: Duration, _ operation: @escaping @MainActor () async -> Void) async -> Bool {
    let outcome = FirstOutcome()
    return await withCheckedContinuation { continuation in
        outcome.continuation = continuation
        outcome.timer = Task { @MainActor in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            // A main actor kept busy past the deadline (a loaded CI machine, a long synchronous
            // test beside this one) leaves the work's next steps queued behind this timer: give
            // them their turns before calling it a timeout.
            for _ in 0..<lateTurns where outcome.continuation != nil {
                await Task.yield()
            }
            outcome.resolve(false)
        }
        Task { @MainActor in
            await operation()
            outcome.resolve(true)
        }
    }
}

/// How many turns of the main actor a timed-out wait lets queued work take before it fails.
private let lateTurns = 1_000

/// Resumes a continuation with whichever outcome arrives first; later ones are ignored.
@MainActor
private final class FirstOutcome {
    var continuation: CheckedContinuation<Bool, Never>?
    var timer: Task<Void, Never>?

    func resolve(_ value: Bool) {
        continuation?.resume(returning: value)
        continuation = nil
        timer?.cancel()
    }
}
