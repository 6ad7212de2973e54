import MVVM
import Observation

@MainActor
@Observable
final class LoginViewModel {

    // MARK: - Lifecycle

    init(responder: Responder<ResponderAction>) {
        self.responder = responder
    }

    // MARK: - Properties & Dependencies

    private let tasks = TaskOwner()

    // MARK: - Responder

    var responder: Responder<ResponderAction>

    enum ResponderAction {
        case authenticated
    }

    // MARK: - Input

    enum Action {
        case authenticate
        case succeeded
        case forgotPassword
    }

    func send(_ action: Action) {
        switch action {
        case .authenticate:
            isBusy = true
            attempts += 1
        case .succeeded:
            isBusy = false
            responder.send(.authenticated)
        case .forgotPassword:
            break
        }
    }

    // MARK: - Output

    var isBusy = false
    private(set) var attempts = 0
}
