import SwiftUI

struct LoginView: View {

    // MARK: - View Model

    @State var viewModel: LoginViewModel

    // MARK: - Local State

    @State private var username = ""

    // MARK: - Body

    var body: some View {
        TextField("Username", text: $username)
        Button("Sign In") { viewModel.send(.authenticate) }
        Button("Forgot?") { viewModel.resetPassword(for: username) }
    }
}
