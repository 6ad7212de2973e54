import Foundation

/// How the live client GETs a URL: one exchange, bounded in time and size.
protocol HTTPTransport: Sendable {
    /// Returns the body of a 200 answer to a GET of `url`, of at most `limit` bytes as decoded,
    /// received whole (connection, headers and body) within `timeout`.
    ///
    /// - Throws: ``TransportFailure``.
    func get(_ url: URL, timeout: Duration, limit: Int) async throws -> Data
}

/// Why an exchange ended without a body.
enum TransportFailure: Error, Equatable {
    /// The connection failed or the server broke off.
    case transport(String)
    /// The server answered with a status other than 200.
    case status(Int)
    /// The body grew past the limit, in bytes.
    case tooLarge(Int)
    /// The exchange was not over by its deadline.
    case timedOut
    /// The Swift task waiting for it was cancelled.
    case cancelled
}
