import Observation

/// Checks what happened to a view model's observed state: the expectations a ``ChangeRecorder``
/// and a ``ViewModelHarness`` share.
///
/// Each expectation is declared once, here, and a test calls it the same way on either:
/// `recorder.expectChanges { ... }` or `test.expectChanges { ... }`. A conforming type only hands
/// over the recorder that holds the tracked state; a recorder hands over itself.
///
/// The check is exhaustive: every tracked property must end up with the value the test gave it,
/// or keep its old one. A harness made with `exhaustivity: .off` compares only the properties an
/// expectation's closure sets.
@MainActor
public protocol ChangeExpecting {
    /// The view model whose observed state is checked.
    associatedtype Model: AnyObject & Observable

    /// The recorder that tracks the view model's state and checks each expectation.
    var changeRecorder: ChangeRecorder<Model> { get }
}

extension ChangeExpecting {
    /// Checks that the tracked properties changed, since the last check, to exactly the values
    /// `update` states, and that every other tracked property kept its value; then makes the
    /// current state the base of the next check.
    ///
    /// Use it after awaiting work that the test did not start with an action of its own (a
    /// task answering, a stub released):
    ///
    /// ```swift
    /// load.answer([story])
    /// try await tasks.untilIdle()
    /// test.expectChanges { $0.state = .loaded([story]) }
    /// ```
    ///
    /// A difference fails the test at this line, listing for each property that differs its old,
    /// expected and actual value (with a line diff for nested values). In a harness made with
    /// `exhaustivity: .off`, only the properties `update` sets are compared.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file, where a failure is reported (leave the default).
    ///   - filePath: The caller's file path, for XCTest (leave the default).
    ///   - line: The caller's line (leave the default).
    ///   - column: The caller's column (leave the default).
    ///   - update: Sets the new value of each property that should have changed.
    public func expectChanges(
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ update: (inout ExpectedState<Model>) -> Void
    ) {
        let recorder = changeRecorder
        recorder.verify(update, exhaustivity: recorder.exhaustivity, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Runs `action`, then checks the changes like ``expectChanges(fileID:filePath:line:column:_:)``.
    ///
    /// ```swift
    /// test.expectChanges(during: { test.viewModel.send(.search("swift")) }) {
    ///     $0.query = "swift"
    ///     $0.state = .loading
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - action: The intent call or `send(_:)` under test.
    ///   - fileID: The caller's file, where a failure is reported (leave the default).
    ///   - filePath: The caller's file path, for XCTest (leave the default).
    ///   - line: The caller's line (leave the default).
    ///   - column: The caller's column (leave the default).
    ///   - update: Sets the new value of each property the action should change.
    /// - Throws: Only what `action` throws; a difference is reported as a test failure.
    public func expectChanges(
        during action: () throws -> Void,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ update: (inout ExpectedState<Model>) -> Void
    ) rethrows {
        try action()
        expectChanges(fileID: fileID, filePath: filePath, line: line, column: column, update)
    }

    /// Awaits `action`, then checks the changes like ``expectChanges(fileID:filePath:line:column:_:)``.
    ///
    /// ```swift
    /// await recorder.expectChanges(during: { await sut.refresh() }) {
    ///     $0.state = .loaded(items)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - action: The work under test.
    ///   - fileID: The caller's file, where a failure is reported (leave the default).
    ///   - filePath: The caller's file path, for XCTest (leave the default).
    ///   - line: The caller's line (leave the default).
    ///   - column: The caller's column (leave the default).
    ///   - update: Sets the new value of each property the action should change.
    /// - Throws: Only what `action` throws; a difference is reported as a test failure.
    public func expectChanges(
        during action: () async throws -> Void,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ update: (inout ExpectedState<Model>) -> Void
    ) async rethrows {
        try await action()
        expectChanges(fileID: fileID, filePath: filePath, line: line, column: column, update)
    }

    /// Waits until a tracked property differs from its value at the last check, woken by
    /// Observation (no polling, no sleep), then checks the changes like
    /// ``expectChanges(fileID:filePath:line:column:_:)``.
    ///
    /// Use it for a state the view model reaches through work the test does not await directly
    /// (a model service's own task), to assert intermediate states in the order they appear:
    ///
    /// ```swift
    /// sut.send(.refresh)
    /// try await recorder.expectNextChanges { $0.state = .loading }
    /// try await recorder.expectNextChanges { $0.state = .loaded(items) }
    /// ```
    ///
    /// Changes made in one turn of the main actor arrive together. Private state is compared
    /// too, but cannot wake the wait: Observation reaches only properties read by key path.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for a change before failing; 30 seconds unless given.
    ///   - fileID: The caller's file, where a failure is reported (leave the default).
    ///   - filePath: The caller's file path, for XCTest (leave the default).
    ///   - line: The caller's line (leave the default).
    ///   - column: The caller's column (leave the default).
    ///   - update: Sets the new value of each property that should have changed.
    /// - Throws: ``WaitTimeoutError`` when nothing tracked changes within `timeout`; a
    ///   difference from the stated values is reported as a test failure.
    public func expectNextChanges(
        timeout: Duration = .seconds(30),
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ update: (inout ExpectedState<Model>) -> Void
    ) async throws {
        try await changeRecorder.waitForChange(timeout: timeout, fileID: fileID, line: line)
        expectChanges(fileID: fileID, filePath: filePath, line: line, column: column, update)
    }

    /// Runs `action` and checks that no tracked property changed since the last check.
    ///
    /// - Parameters:
    ///   - action: The intent call or `send(_:)` under test.
    ///   - fileID: The caller's file, where a failure is reported (leave the default).
    ///   - filePath: The caller's file path, for XCTest (leave the default).
    ///   - line: The caller's line (leave the default).
    ///   - column: The caller's column (leave the default).
    /// - Throws: Only what `action` throws; a change is reported as a test failure.
    public func expectNoChanges(
        during action: () throws -> Void,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column
    ) rethrows {
        try action()
        changeRecorder.verify({ _ in }, exhaustivity: .on, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Awaits `action` and checks that no tracked property changed since the last check.
    ///
    /// - Parameters:
    ///   - action: The work under test.
    ///   - fileID: The caller's file, where a failure is reported (leave the default).
    ///   - filePath: The caller's file path, for XCTest (leave the default).
    ///   - line: The caller's line (leave the default).
    ///   - column: The caller's column (leave the default).
    /// - Throws: Only what `action` throws; a change is reported as a test failure.
    public func expectNoChanges(
        during action: () async throws -> Void,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column
    ) async rethrows {
        try await action()
        changeRecorder.verify({ _ in }, exhaustivity: .on, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
