import MVVM
import Observation

/// The login screen's view model, in the responder style: the view sends ``Action``s, reads
/// ``state``, and a successful sign-in goes up to the parent as a ``ResponderAction``.
@MainActor
@Observable
public final class LoginViewModel: ActionSending {

    // MARK: - Properties & Dependencies

    private let authenticator: any Authenticating
    private let tasks: TaskOwner

    // MARK: - Lifecycle

    /// Creates the view model.
    ///
    /// - Parameters:
    ///   - authenticator: Checks credentials.
    ///   - responder: Receives the outcomes this screen does not handle itself.
    ///   - tasks: Owns the sign-in request; pass your own in tests to await it.
    public init(
        authenticator: any Authenticating,
        responder: Responder<ResponderAction>,
        tasks: TaskOwner = TaskOwner()
    ) {
        self.authenticator = authenticator
        self.responder = responder
        self.tasks = tasks
    }

    // MARK: - Responder

    /// What this screen hands up to its parent.
    public enum ResponderAction: Equatable {
        /// The user signed in.
        case authenticated(User)
        /// The user left the screen without signing in.
        case cancelled
    }

    private let responder: Responder<ResponderAction>

    // MARK: - Input

    /// What the view (or the view model itself, for the next step) can ask for.
    public enum Action: Equatable {
        /// The user submitted the form.
        case authenticate(username: String, password: String)
        /// The authenticator accepted the credentials.
        case authenticationSucceeded(User)
        /// The authenticator refused or failed; the message is for the user.
        case authenticationFailed(String)
        /// The user dismissed the error.
        case dismissError
        /// The user closed the screen.
        case cancel
    }

    public func send(_ action: Action) {
        switch action {
        case .authenticate(let username, let password):
            guard !username.isEmpty, !password.isEmpty else {
                send(.authenticationFailed("Enter a username and a password."))
                return
            }
            state = .authenticating
            startAuthentication(username: username, password: password)

        case .authenticationSucceeded(let user):
            state = .idle
            responder.send(.authenticated(user))

        case .authenticationFailed(let message):
            state = .failed(message)

        case .dismissError:
            state = .idle

        case .cancel:
            tasks.cancelAll()
            responder.send(.cancelled)
        }
    }

    // MARK: - Output

    /// Where the screen is in signing in. A failure carries its message, so "failed" without a
    /// message, or an error shown while a request runs, cannot be expressed.
    public enum State: Equatable, Sendable {
        /// Waiting for the user.
        case idle
        /// A sign-in request is running.
        case authenticating
        /// The last attempt failed.
        case failed(String)
    }

    public private(set) var state: State = .idle

    /// The error to show, if the last attempt failed.
    public var errorMessage: String? {
        if case .failed(let message) = state { message } else { nil }
    }

    /// Whether the form may be submitted now.
    public var isSubmitEnabled: Bool {
        state != .authenticating
    }

    // MARK: - Support

    private func startAuthentication(username: String, password: String) {
        let authenticator = self.authenticator
        tasks.start(id: "authenticate") { [weak self] in
            do {
                let user = try await authenticator.authenticate(username: username, password: password)
                guard !Task.isCancelled else { return }
                self?.send(.authenticationSucceeded(user))
            } catch {
                guard !Task.isCancelled else { return }
                self?.send(.authenticationFailed(String(describing: error)))
            }
        }
    }
}
