import LoginExample
import MVVMTesting

final class MockAuthenticator: Authenticating {
    let authenticateStub = ThrowingStub<(username: String, password: String), User>(
        defaultError: AuthenticationError.invalidCredentials
    )

    func authenticate(username: String, password: String) async throws -> User {
        try authenticateStub((username, password))
    }
}

/// Holds each request in flight until the test answers it (``HeldStub``), so a test sees the
/// screen while it authenticates and learns whether a request was cancelled.
struct HeldAuthenticator: Authenticating {
    let authenticateStub = HeldStub<String, User>()

    func authenticate(username: String, password: String) async throws -> User {
        try await authenticateStub(username)
    }
}
