import MVVM

/// Records every action a view model sends up through its responder, in order: the responder
/// part of a ``ViewModelHarness``, which checks at the test's end that every action was asserted.
///
/// Give ``responder`` to the view model under test, then assert on ``actions``:
///
/// ```swift
/// let parent = RecordingResponder<LoginViewModel.ResponderAction>()
/// let sut = LoginViewModel(authenticator: mock, responder: parent.responder)
/// sut.send(.cancel)
/// #expect(parent.actions == [.cancelled])
/// ```
///
/// Or assert each action as it should arrive, and at the end require that none went unasserted:
///
/// ```swift
/// parent.expect(.cancelled)
/// parent.expectAllAsserted()
/// ```
///
/// A recorder made with `exhaustivity: .off` (an integration-style test that looks at only some
/// actions) lets ``expect(_:fileID:filePath:line:column:)`` skip actions it was not asked about
/// and never fails ``expectAllAsserted(fileID:filePath:line:column:)``.
@MainActor
public final class RecordingResponder<Action> {
    /// The actions received so far, oldest first.
    public private(set) var actions: [Action] = []

    /// How many of ``actions`` an expectation has consumed.
    private var asserted = 0

    /// Whether actions must all be asserted, in order.
    public let exhaustivity: Exhaustivity

    /// Creates a recorder with no actions.
    ///
    /// - Parameter exhaustivity: `.on` (the default) makes every received action need an
    ///   expectation; `.off` lets expectations pick out the actions they care about.
    public init(exhaustivity: Exhaustivity = .on) {
        self.exhaustivity = exhaustivity
    }

    /// The responder to hand to the view model under test. It records into this recorder.
    public var responder: Responder<Action> {
        Responder { [weak self] action in
            self?.actions.append(action)
        }
    }

    /// The most recent action, or `nil` if none arrived.
    public var lastAction: Action? {
        actions.last
    }

    /// The actions received that no expectation has asserted yet, oldest first.
    public var unassertedActions: [Action] {
        Array(actions[asserted...])
    }

    /// Forgets the actions recorded so far, so a test can look at what one step sent.
    public func removeAll() {
        actions.removeAll()
        asserted = 0
    }

    /// Fails the test unless every received action was asserted by an expectation; with
    /// exhaustivity off, it never fails. Call it at the end of the test.
    public func expectAllAsserted(
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        guard exhaustivity == .on, asserted < actions.count else { return }
        let leftovers = unassertedActions.map { ValueDump().render($0) }
        reportFailure(
            "\(leftovers.count) responder action(s) were sent up but not asserted:\n"
                + leftovers.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }.joined(separator: "\n")
                + "\nAssert each with `expect(_:)`, in order, or make the recorder with `exhaustivity: .off` "
                + "if this test does not care about them.",
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}

extension RecordingResponder where Action: Equatable {
    /// Asserts that the view model sent up `expected`, in this order, after the actions already
    /// asserted.
    ///
    /// Exhaustive (the default): the next unasserted actions must be exactly these. With
    /// exhaustivity off, unasserted actions before each expected one are skipped. A failure
    /// lists the unasserted actions and counts them as reported, so a later
    /// ``expectAllAsserted(fileID:filePath:line:column:)`` does not list them again.
    public func expect(
        _ expected: Action...,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        for action in expected {
            guard let position = nextMatch(for: action) else {
                let pending = unassertedActions.map { ValueDump().render($0) }
                reportFailure(
                    "Expected the responder action \(ValueDump().render(action)), but "
                        + (pending.isEmpty
                            ? "no unasserted action was sent up."
                            : "the next one sent up was \(pending[0]).")
                        + " Unasserted actions: [\(pending.joined(separator: ", "))].",
                    fileID: fileID, filePath: filePath, line: line, column: column
                )
                // This failure listed them; the end check must not list them again.
                asserted = actions.count
                return
            }
            asserted = position + 1
        }
    }

    private func nextMatch(for action: Action) -> Int? {
        guard asserted < actions.count else { return nil }
        switch exhaustivity {
        case .on:
            return actions[asserted] == action ? asserted : nil
        case .off:
            return actions[asserted...].firstIndex(of: action)
        }
    }
}

/// Whether a recorder requires every recorded item to be asserted.
public enum Exhaustivity: Sendable, Equatable {
    /// Everything recorded must be asserted, in order; leftovers fail the test.
    case on
    /// Expectations pick what they care about; the rest is ignored.
    case off
}
