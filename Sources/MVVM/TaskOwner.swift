/// Owns the asynchronous work a view model starts in response to actions.
///
/// A view model keeps one `TaskOwner` and starts every `Task` through it instead of creating
/// unstructured tasks of its own. That gives three things a bare `Task { }` does not:
///
/// - **Replacement by id.** Starting work with an id that is already running cancels the running
///   one first, so a second "refresh" or a new search query never races the previous one.
/// - **Lifetime.** Everything still running is cancelled when the owner is deallocated, which is
///   when its view model goes away.
/// - **Determinism in tests.** ``waitForAll()`` returns once nothing is running, including work
///   started while it was waiting, so a test sends an action, awaits it, and asserts, with no
///   sleeps. (MVVMTesting's `untilIdle()` is the same wait with a deadline, for tests.)
///
/// ```swift
/// case .refresh:
///     state = .loading
///     tasks.start(id: "refresh") { [weak self] in
///         let result = await self?.dependencies.loader.load()
///         self?.send(.loaded(result))
///     }
/// ```
///
/// Inject the owner (`init(..., tasks: TaskOwner = TaskOwner())`) so a test can hold the same
/// instance and await it.
@MainActor
public final class TaskOwner {
    // Tokens order the tasks and tell a finished task whether it is still the one registered
    // under its id.
    private var running: [UInt64: Task<Void, Never>] = [:]
    private var idsByToken: [UInt64: AnyHashable] = [:]
    private var tokensByID: [AnyHashable: UInt64] = [:]
    private var nextToken: UInt64 = 0

    /// Creates an owner with no work running.
    public init() {}

    deinit {
        for task in running.values {
            task.cancel()
        }
    }

    /// Whether no work is running.
    public var isIdle: Bool {
        running.isEmpty
    }

    /// The number of tasks running now.
    public var runningCount: Int {
        running.count
    }

    /// The ids of the work running now, oldest first. Work started without an id is counted by
    /// ``runningCount`` but has no id to list.
    public var runningIDs: [AnyHashable] {
        tokensByID.sorted { $0.value < $1.value }.map(\.key)
    }

    /// Whether work started with `id` is running.
    public func isRunning(id: some Hashable & Sendable) -> Bool {
        tokensByID[AnyHashable(id)] != nil
    }

    /// Starts `operation` on the main actor.
    ///
    /// - Parameters:
    ///   - id: Identifies the work. If work with the same id is running, it is cancelled before
    ///     this starts. Pass `nil` for work that never replaces anything.
    ///   - priority: The task's priority.
    ///   - operation: The work. It should check for cancellation where it can stop early.
    /// - Returns: The task, for callers that want its handle; usually ignored.
    @discardableResult
    public func start(
        id: (any Hashable & Sendable)? = nil,
        priority: TaskPriority? = nil,
        _ operation: @escaping @MainActor () async -> Void
    ) -> Task<Void, Never> {
        let key = id.map { AnyHashable($0) }
        if let key, let previous = tokensByID[key] {
            running[previous]?.cancel()
        }
        nextToken += 1
        let token = nextToken
        let task = Task(priority: priority) { @MainActor [weak self] in
            await operation()
            self?.finish(token)
        }
        // The task cannot finish before this point: it needs the main actor, which we hold.
        running[token] = task
        if let key {
            idsByToken[token] = key
            tokensByID[key] = token
        }
        return task
    }

    /// Cancels the work started with `id`, if it is running.
    ///
    /// Cancellation is cooperative: the work stays counted as running until its operation
    /// returns, so ``waitForAll()`` still waits for it.
    public func cancel(id: some Hashable & Sendable) {
        guard let token = tokensByID[AnyHashable(id)] else { return }
        running[token]?.cancel()
    }

    /// Cancels all running work.
    public func cancelAll() {
        for task in running.values {
            task.cancel()
        }
    }

    /// Returns when no work is running, waiting also for work started while it waits (an
    /// action whose task sends the next action that starts another task).
    ///
    /// It has no deadline: work that never finishes keeps it waiting. A test uses MVVMTesting's
    /// `untilIdle()`, which fails instead of hanging.
    public func waitForAll() async {
        // Each task removes itself before it completes, so the loop ends once no task is left,
        // however many were started along the way.
        while let token = running.keys.min(), let task = running[token] {
            await task.value
            finish(token)
        }
    }

    private func finish(_ token: UInt64) {
        guard running.removeValue(forKey: token) != nil else { return }
        if let id = idsByToken.removeValue(forKey: token), tokensByID[id] == token {
            tokensByID[id] = nil
        }
    }
}
