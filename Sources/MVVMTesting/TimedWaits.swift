import Foundation

/// The test's waits on a test double, each ended by the value it waits for or by its timeout:
/// what ``HeldStub/nextCall(timeout:fileID:line:)`` and ``TestClock/untilSleeping(count:timeout:fileID:line:)``
/// share.
///
/// It uses its owner's lock, which also guards the state the waits are about (the calls not yet
/// taken, the sleepers), so looking at that state and registering a wait happen in one step.
/// Nothing polls or sleeps: a wait is a continuation, resumed by its owner or by its timer.
final class TimedWaits<Need: Sendable, Value: Sendable>: @unchecked Sendable {
    private struct Waiter {
        let need: Need
        let continuation: CheckedContinuation<Value?, Never>
    }

    // Every stored property below is read and written only while holding `lock`.
    private let lock: NSLock
    private var waiters: [UInt64: Waiter] = [:]
    private var expired: Set<UInt64> = []
    private var nextID: UInt64 = 0

    /// Waits guarded by `lock`, the owner's.
    init(lock: NSLock) {
        self.lock = lock
    }

    /// Waits for a value for `need`: at once if `ready` (called with the lock held) gives one,
    /// else until the owner hands one through ``resumeOldest(with:)`` or ``resumeEach(_:)``.
    ///
    /// - Returns: The value, or `nil` when `timeout` passed first.
    func wait(for need: Need, timeout: Duration, ready: (Need) -> Value?) async -> Value? {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        let timer = Task { [weak self] in
            // Cancelled once the wait ends; only a real timeout expires it.
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self?.expire(id)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            lock.withLock {
                if let value = ready(need) {
                    continuation.resume(returning: value)
                } else if expired.remove(id) != nil {
                    continuation.resume(returning: nil)
                } else {
                    waiters[id] = Waiter(need: need, continuation: continuation)
                }
            }
        }
    }

    /// Ends the oldest wait with `value`. Call it with the lock held.
    ///
    /// - Returns: Whether a wait took the value.
    func resumeOldest(with value: Value) -> Bool {
        guard let oldest = waiters.keys.min(), let waiter = waiters.removeValue(forKey: oldest) else {
            return false
        }
        waiter.continuation.resume(returning: value)
        return true
    }

    /// Ends each wait that `answer` gives a value for its need. Call it with the lock held.
    func resumeEach(_ answer: (Need) -> Value?) {
        for (id, waiter) in waiters {
            if let value = answer(waiter.need) {
                waiters[id] = nil
                waiter.continuation.resume(returning: value)
            }
        }
    }

    private func expire(_ id: UInt64) {
        lock.withLock {
            if let waiter = waiters.removeValue(forKey: id) {
                waiter.continuation.resume(returning: nil)
            } else {
                // The timer beat the wait's registration; it gives up as it registers.
                expired.insert(id)
            }
        }
    }
}
