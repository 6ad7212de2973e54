import Foundation

/// A portable stand-in for one requirement of a mocked protocol: it records each call's
/// arguments and answers with a queued or default result.
///
/// Write one stub per requirement in a hand-written mock:
///
/// ```swift
/// final class MockItemFetching: ItemFetching {
///     let fetchItemsStub = Stub<Void, [ListItem]>(defaultReturnValue: [])
///     func fetchItems() -> [ListItem] { fetchItemsStub() }
/// }
/// ```
///
/// Use a tuple for several arguments (`Stub<(String, Int), Bool>`). Stubs are safe to call from
/// any thread or actor, because mocked services are often called from background tasks.
public final class Stub<Arguments, Output>: @unchecked Sendable {
    // Every stored property below is read and written only while holding `lock`.
    private let lock = NSLock()
    private var recordedArguments: [Arguments] = []
    private var queuedOutputs: [Output] = []
    private var fallback: Output

    /// Creates a stub that answers `defaultReturnValue` whenever no queued result is left.
    public init(defaultReturnValue: Output) {
        self.fallback = defaultReturnValue
    }

    /// The arguments of every call so far, oldest first.
    public var calls: [Arguments] {
        lock.withLock { recordedArguments }
    }

    /// How many times the stub was called.
    public var callCount: Int {
        lock.withLock { recordedArguments.count }
    }

    /// The arguments of the most recent call, or `nil` if it was never called.
    public var lastArguments: Arguments? {
        lock.withLock { recordedArguments.last }
    }

    /// The answer used when no queued result is left.
    public var defaultReturnValue: Output {
        get { lock.withLock { fallback } }
        set { lock.withLock { fallback = newValue } }
    }

    /// Queues results for the next calls, answered in order before the default.
    public func enqueue(_ outputs: Output...) {
        lock.withLock { queuedOutputs.append(contentsOf: outputs) }
    }

    /// Records a call and returns its result: the oldest queued result, else the default.
    public func callAsFunction(_ arguments: Arguments) -> Output {
        lock.withLock {
            recordedArguments.append(arguments)
            return queuedOutputs.isEmpty ? fallback : queuedOutputs.removeFirst()
        }
    }

    /// Forgets recorded calls and queued results; keeps the default.
    public func reset() {
        lock.withLock {
            recordedArguments.removeAll()
            queuedOutputs.removeAll()
        }
    }
}

extension Stub where Arguments == Void {
    /// Records a call of a requirement without arguments and returns its result.
    public func callAsFunction() -> Output {
        self(())
    }
}

extension Stub where Output == Void {
    /// Creates a stub for a requirement that returns nothing.
    public convenience init() {
        self.init(defaultReturnValue: ())
    }
}

/// A portable stand-in for a throwing requirement: records each call's arguments and answers
/// with a queued or default result, which may be an error.
///
/// ```swift
/// let authenticateStub = ThrowingStub<(String, String), User>(defaultError: AuthError.rejected)
/// authenticateStub.enqueue(.success(user))
/// ```
public final class ThrowingStub<Arguments, Output>: @unchecked Sendable {
    private let stub: Stub<Arguments, Result<Output, any Error>>

    /// Creates a stub that answers `defaultResult` whenever no queued result is left.
    public init(defaultResult: Result<Output, any Error>) {
        stub = Stub(defaultReturnValue: defaultResult)
    }

    /// Creates a stub that returns `defaultReturnValue` whenever no queued result is left.
    public convenience init(defaultReturnValue: Output) {
        self.init(defaultResult: .success(defaultReturnValue))
    }

    /// Creates a stub that throws `defaultError` whenever no queued result is left.
    public convenience init(defaultError: any Error) {
        self.init(defaultResult: .failure(defaultError))
    }

    /// The arguments of every call so far, oldest first.
    public var calls: [Arguments] {
        stub.calls
    }

    /// How many times the stub was called.
    public var callCount: Int {
        stub.callCount
    }

    /// The arguments of the most recent call, or `nil` if it was never called.
    public var lastArguments: Arguments? {
        stub.lastArguments
    }

    /// The answer used when no queued result is left.
    public var defaultResult: Result<Output, any Error> {
        get { stub.defaultReturnValue }
        set { stub.defaultReturnValue = newValue }
    }

    /// Queues results for the next calls, answered in order before the default.
    public func enqueue(_ results: Result<Output, any Error>...) {
        for result in results {
            stub.enqueue(result)
        }
    }

    /// Records a call and returns its result or throws its error.
    public func callAsFunction(_ arguments: Arguments) throws -> Output {
        try stub(arguments).get()
    }

    /// Forgets recorded calls and queued results; keeps the default.
    public func reset() {
        stub.reset()
    }
}

extension ThrowingStub where Arguments == Void {
    /// Records a call of a requirement without arguments and returns or throws its result.
    public func callAsFunction() throws -> Output {
        try self(())
    }
}
