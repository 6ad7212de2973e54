import MVVM
import Observation

/// What a test controls for the view model it makes: the clock its delays sleep on, the owner
/// of the work it starts, and the responder it sends actions up through.
///
/// A ``ViewModelHarness`` hands these to the closure that makes the view model under test. A
/// parent view model passes them on to the children it makes, through its dependencies, so a
/// whole flow runs on the test's one clock and one task owner.
@MainActor
public struct TestControls<ResponderAction> {
    /// The clock the view model, and every child made with these controls, sleeps on.
    public let clock: TestClock
    /// The owner of the work the view model, and every child made with these controls, starts.
    public let tasks: TaskOwner
    /// The responder to give the view model: what it sends up is recorded by the harness.
    public let responder: Responder<ResponderAction>
}

/// One view model under test, with everything the test controls, checked exhaustively.
///
/// The harness makes the view model with a ``TestClock``, a `TaskOwner` and a
/// ``RecordingResponder`` of its own, and records three things while the test runs: each change
/// of the view model's observed state (through a ``ChangeRecorder``, checked with the
/// expectations of ``ChangeExpecting``), each action it sends up, and the work still running.
/// The test asserts them as they happen; when the test's
/// ``withViewModelHarness(of:sendingUp:tracking:privateState:exhaustivity:fileID:filePath:line:column:_:)``
/// scope ends, the end check fails once, at the line of that call, naming every change, action
/// and running task that no expectation accounted for:
///
/// ```swift
/// try await withViewModelHarness(of: { controls in
///     SearchViewModel(search: search, clock: controls.clock, responder: controls.responder, tasks: controls.tasks)
/// }, tracking: ["query": \.query, "state": \.state]) { test in
///     test.expectChanges(during: { test.viewModel.send(.queryChanged("swift")) }) { $0.query = "swift" }
///     try await test.clock.untilSleeping()
///     test.clock.advance(by: .milliseconds(300))
///     let call = try await search.nextCall()
///     try await test.expectNextChanges { $0.state = .loading(query: "swift") }
///     test.expectSent(.searched("swift"))
///     call.answer([hit])
///     try await test.untilIdle()
///     test.expectChanges { $0.state = .loaded([hit]) }
/// }
/// ```
///
/// A harness is exhaustive by default. An integration test that looks at a few things in a long
/// flow makes it with `exhaustivity: .off`: then a change check compares only the properties its
/// closure sets, an action expectation skips the actions before the one it names, and work left
/// running is cancelled without a failure.
///
/// The end check runs when the `with…` scope ends rather than when the harness is released:
/// Swift may release a local at its last use, which can be before the test's last line.
@MainActor
public final class ViewModelHarness<Model: AnyObject & Observable, ResponderAction>: ChangeExpecting {
    /// The view model under test.
    public let viewModel: Model
    /// Records and checks the view model's observed state: the harness's change expectations
    /// (``ChangeExpecting``) are this recorder's.
    public let changeRecorder: ChangeRecorder<Model>
    /// Records what the view model sends up; ``expectSent(_:fileID:filePath:line:column:)``
    /// asserts it.
    public let responder: RecordingResponder<ResponderAction>
    /// The owner of the work the view model (and any child made with the same controls) starts.
    public let tasks: TaskOwner
    /// The clock the view model sleeps on; time moves only when the test advances it.
    public let clock: TestClock
    /// Whether everything recorded must be asserted.
    public let exhaustivity: Exhaustivity
    /// Whether the end check has run; it runs once.
    public private(set) var isFinished = false

    /// Makes the view model with a fresh clock, task owner and recording responder, and starts
    /// recording its tracked state.
    ///
    /// Prefer ``withViewModelHarness(of:sendingUp:tracking:privateState:exhaustivity:fileID:filePath:line:column:_:)``,
    /// which runs the end check for you. A harness made with this initializer is checked only
    /// when the test calls ``finish(expectingRunning:fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - make: Makes the view model from the controls the test holds.
    ///   - tracking: Each observed property to record, by name and key path (see
    ///     ``ChangeRecorder/init(_:tracking:privateState:)``).
    ///   - privateState: Observed stored properties the view model keeps `private`, by name.
    ///   - exhaustivity: `.on` (the default) requires every change, action and task to be
    ///     accounted for; `.off` checks only what the test states.
    /// - Throws: What `make` throws, or a ``ChangeRecorderError`` when `tracking` leaves an
    ///   observed stored property out.
    public init(
        of make: (TestControls<ResponderAction>) throws -> Model,
        tracking: KeyValuePairs<String, PartialKeyPath<Model>>,
        privateState: [String] = [],
        exhaustivity: Exhaustivity = .on
    ) throws {
        let clock = TestClock()
        let tasks = TaskOwner()
        let responder = RecordingResponder<ResponderAction>(exhaustivity: exhaustivity)
        let viewModel = try make(TestControls(clock: clock, tasks: tasks, responder: responder.responder))
        self.viewModel = viewModel
        self.changeRecorder = try ChangeRecorder(viewModel, tracking: tracking, privateState: privateState, exhaustivity: exhaustivity)
        self.responder = responder
        self.tasks = tasks
        self.clock = clock
        self.exhaustivity = exhaustivity
    }

    /// Returns once no work is running in ``tasks``, including work started while it waits, like
    /// the task owner's `untilIdle()`.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait before failing, 30 seconds unless given; the running work is
    ///     then cancelled.
    ///   - fileID: The caller's file, for the failure message.
    ///   - line: The caller's line, for the failure message.
    /// - Throws: ``WaitTimeoutError`` when the work does not finish within `timeout`.
    public func untilIdle(
        timeout: Duration = .seconds(30),
        fileID: String = #fileID,
        line: Int = #line
    ) async throws {
        try await tasks.untilIdle(timeout: timeout, fileID: fileID, line: line)
    }

    /// Runs the end check now, unless it has run: fails once, naming every change, responder
    /// action and running task no expectation accounted for, then cancels the work left.
    ///
    /// The `with…` scope calls it when the test's body returns; call it yourself to say that
    /// some work is meant to outlive the test, or when you made the harness with its
    /// initializer.
    ///
    /// - Parameters:
    ///   - expectingRunning: Ids of work the test expects to be running still (a poll loop).
    ///     Each must be running.
    ///   - fileID: The caller's file, where a failure is reported (leave the default).
    ///   - filePath: The caller's file path, for XCTest (leave the default).
    ///   - line: The caller's line (leave the default).
    ///   - column: The caller's column (leave the default).
    public func finish(
        expectingRunning: [AnyHashable] = [],
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        guard !isFinished else { return }
        isFinished = true
        let report = leftovers(expectingRunning: expectingRunning)
        tasks.cancelAll()
        guard !report.isEmpty else { return }
        reportFailure(report, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The end check's message, or an empty string when nothing was left.
    func leftovers(expectingRunning: [AnyHashable]) -> String {
        let dump = ValueDump()
        let running = tasks.runningIDs
        let notRunning = expectingRunning.filter { !running.contains($0) }
        var sections: [String] = []
        var count = notRunning.count
        if exhaustivity == .on {
            let changed = changeRecorder.unassertedChanges
            if !changed.isEmpty {
                count += changed.count
                sections.append(
                    "Unasserted changes of \(String(describing: Model.self)):\n"
                        + changed.map(\.report).joined(separator: "\n")
                )
            }
            let actions = responder.unassertedActions
            if !actions.isEmpty {
                count += actions.count
                sections.append(
                    "Unasserted responder actions:\n"
                        + actions.map { "  " + dump.render($0).replacingOccurrences(of: "\n", with: "\n  ") }.joined(separator: "\n")
                )
            }
            var work = running.filter { !expectingRunning.contains($0) }.map { "  " + dump.render($0.base) }
            let withoutID = tasks.runningCount - running.count
            if withoutID > 0 {
                work.append("  \(withoutID) task(s) started without an id")
            }
            if !work.isEmpty {
                count += work.count
                sections.append("Work still running:\n" + work.joined(separator: "\n"))
            }
        }
        if !notRunning.isEmpty {
            sections.append(
                "Expected still running, but not running:\n"
                    + notRunning.map { "  " + dump.render($0.base) }.joined(separator: "\n")
            )
        }
        guard !sections.isEmpty else { return "" }
        let things = count == 1 ? "1 thing" : "\(count) things"
        return "The test ended with \(things) no expectation accounted for.\n"
            + sections.joined(separator: "\n")
            + "\nState each change (`expectChanges { $0.property = value }`), assert each action "
            + "(`expectSent(_:)`), and await or answer each task (`try await untilIdle()`); or make the "
            + "harness with `exhaustivity: .off` for a test that looks at only some of them."
    }
}

extension ViewModelHarness where ResponderAction: Equatable {
    /// Asserts that the view model sent up `expected`, in this order, after the actions already
    /// asserted (see ``RecordingResponder/expect(_:fileID:filePath:line:column:)``).
    ///
    /// - Parameters:
    ///   - expected: The actions, oldest first.
    ///   - fileID: The caller's file, where a failure is reported (leave the default).
    ///   - filePath: The caller's file path, for XCTest (leave the default).
    ///   - line: The caller's line (leave the default).
    ///   - column: The caller's column (leave the default).
    public func expectSent(
        _ expected: ResponderAction...,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        for action in expected {
            responder.expect(action, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }
}
