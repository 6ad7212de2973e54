/// A signed-in user.
public struct User: Equatable, Sendable {
    /// The account's identifier.
    public let id: String
    /// The name shown in the app.
    public let displayName: String

    /// Creates a user.
    public init(id: String, displayName: String) {
        self.id = id
        self.displayName = displayName
    }
}

/// The use case that checks credentials. Login depends on it as a protocol so a test decides
/// the outcome.
public protocol Authenticating: Sendable {
    /// Checks the credentials and returns the user they belong to.
    func authenticate(username: String, password: String) async throws -> User
}

/// Why a sign-in was refused.
public enum AuthenticationError: Error, Equatable, CustomStringConvertible {
    /// The username and password do not match an account.
    case invalidCredentials
    /// The account exists but may not sign in.
    case locked

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .invalidCredentials: "The username or password is wrong."
        case .locked: "This account is locked."
        }
    }
}
