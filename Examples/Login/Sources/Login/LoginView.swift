#if canImport(SwiftUI)
import MVVM
import SwiftUI

/// The login form. Its local state only holds what the user types until it is sent with
/// ``LoginViewModel/Action/authenticate(username:password:)``; everything shown comes from the
/// view model.
public struct LoginView: View {

    // MARK: - Local State

    @State private var username = ""
    @State private var password = ""

    // MARK: - View Model

    @State var viewModel: LoginViewModel

    /// Creates the view for a view model made by the parent's view model (or a preview).
    public init(viewModel: LoginViewModel) {
        _viewModel = State(initialValue: viewModel)
    }

    // MARK: - Body

    public var body: some View {
        Form {
            TextField("Username", text: $username)
            SecureField("Password", text: $password)
            if let message = viewModel.errorMessage {
                errorRow(message)
            }
            Button("Sign In") {
                viewModel.send(.authenticate(username: username, password: password))
            }
            .disabled(!viewModel.isSubmitEnabled)
        }
        .toolbar {
            Button("Cancel") {
                viewModel.send(.cancel)
            }
        }
    }

    // MARK: - Support

    private func errorRow(_ message: String) -> some View {
        HStack {
            Text(message)
                .foregroundStyle(.red)
            Spacer()
            Button("Dismiss") {
                viewModel.send(.dismissError)
            }
        }
    }
}

private struct PreviewAuthenticator: Authenticating {
    func authenticate(username: String, password: String) async throws -> User {
        User(id: "preview", displayName: username)
    }
}

struct LoginViewPreviews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            LoginView(viewModel: LoginViewModel(authenticator: PreviewAuthenticator(), responder: .noop))
        }
    }
}
#endif
