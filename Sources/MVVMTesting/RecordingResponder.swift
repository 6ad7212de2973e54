import MVVM

/// Records every action a view model sends up through its responder, in order.
///
/// Give ``responder`` to the view model under test, then assert on ``actions``:
///
/// ```swift
/// let parent = RecordingResponder<LoginViewModel.ResponderAction>()
/// let sut = LoginViewModel(authenticator: mock, responder: parent.responder)
/// sut.send(.cancel)
/// #expect(parent.actions == [.cancelled])
/// ```
@MainActor
public final class RecordingResponder<Action> {
    /// The actions received so far, oldest first.
    public private(set) var actions: [Action] = []

    /// Creates a recorder with no actions.
    public init() {}

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

    /// Forgets the actions recorded so far, so a test can look at what one step sent.
    public func removeAll() {
        actions.removeAll()
    }
}
