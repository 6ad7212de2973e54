import Foundation

/// A clock whose time moves only when the test advances it: the seam for debounces, delays and
/// timeouts in view models.
///
/// Inject `any Clock<Duration>` into the view model (a `ContinuousClock()` in the app), and a
/// `TestClock` in the test:
///
/// ```swift
/// let clock = TestClock()
/// let sut = SearchViewModel(search: search, clock: clock)
/// sut.send(.queryChanged("swift"))
/// try await clock.untilSleeping()             // the debounce is waiting
/// clock.advance(by: .milliseconds(300))       // and now it is over
/// let call = try await search.nextCall()
/// ```
///
/// Sleepers are resumed through continuations when ``advance(by:)`` reaches their deadline;
/// nothing sleeps in real time. A sleeper whose task is cancelled gets `CancellationError` at once.
///
/// A ``ViewModelHarness`` makes one for the view model it holds (`test.clock`), and a parent
/// made in a harness hands the same clock to the children it makes.
public final class TestClock: Clock, @unchecked Sendable {
    /// A point in the test clock's time: the duration since it was created.
    public struct Instant: InstantProtocol {
        /// Time since the clock started.
        public let offset: Duration

        /// Creates the instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` is earlier than `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    // Every stored property below is read and written only while holding `lock`.
    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [UInt64: Sleeper] = [:]
    private var cancelledSleeps: Set<UInt64> = []
    private var nextID: UInt64 = 0
    /// The tests waiting in ``untilSleeping(count:timeout:fileID:line:)``, each for a number of
    /// sleepers; guarded by `lock` too.
    private let sleepWaits: TimedWaits<Int, Void>

    /// Creates a clock at time zero with nobody sleeping.
    public init() {
        sleepWaits = TimedWaits(lock: lock)
    }

    /// The current time, which changes only through ``advance(by:)``.
    public var now: Instant {
        lock.withLock { current }
    }

    /// The clock has no resolution limit: it is exact.
    public var minimumResolution: Duration {
        .zero
    }

    /// How many sleeps are waiting for their deadline now.
    public var sleeperCount: Int {
        lock.withLock { sleepers.count }
    }

    /// Suspends until the test advances the clock to `deadline`; returns at once if it is not in
    /// the future.
    ///
    /// - Throws: `CancellationError` if the sleeping task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.withLock {
                    if deadline <= current {
                        continuation.resume()
                    } else if cancelledSleeps.remove(id) != nil {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                        let count = sleepers.count
                        sleepWaits.resumeEach { needed in count >= needed ? () : nil }
                    }
                }
            }
        } onCancel: {
            lock.withLock {
                if let sleeper = sleepers.removeValue(forKey: id) {
                    sleeper.continuation.resume(throwing: CancellationError())
                } else {
                    // Cancelled before the sleep registered: it gives up as it registers.
                    cancelledSleeps.insert(id)
                }
            }
        }
    }

    /// Moves time forward by `duration` and wakes every sleep whose deadline it reaches, earliest
    /// first.
    public func advance(by duration: Duration) {
        lock.withLock {
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.value.deadline <= current }.sorted { $0.value.deadline < $1.value.deadline }
            for (id, sleeper) in due {
                sleepers[id] = nil
                sleeper.continuation.resume()
            }
        }
    }

    /// Returns once at least `count` sleeps are waiting on this clock, so the test advances time
    /// only after the view model has started waiting.
    ///
    /// - Throws: ``WaitTimeoutError`` if that many sleeps are not waiting within `timeout`.
    public func untilSleeping(
        count: Int = 1,
        timeout: Duration = .seconds(30),
        fileID: String = #fileID,
        line: Int = #line
    ) async throws {
        let reached: Void? = await sleepWaits.wait(for: count, timeout: timeout) { needed in
            sleepers.count >= needed ? () : nil
        }
        guard reached != nil else {
            throw WaitTimeoutError(waitingFor: "\(count) sleep(s) on the test clock", timeout: timeout, fileID: fileID, line: line)
        }
    }
}
