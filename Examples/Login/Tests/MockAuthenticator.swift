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

/// Never answers: its request ends only when the task running it is cancelled.
struct UnansweredAuthenticator: Authenticating {
    func authenticate(username: String, password: String) async throws -> User {
        let (never, _) = AsyncStream<Void>.makeStream()
        for await _ in never {}
        throw CancellationError()
    }
}
