import FlyingFox
import Foundation

/// A route of a test server: a FlyingFox route pattern (`GET /v0/item/*`) and its handler.
public typealias TestRoute = (String, @Sendable (HTTPRequest) async throws -> HTTPResponse)

/// The server could not say which port it listens on.
public struct LoopbackServerError: Error, CustomStringConvertible {
    public var description: String { "the test server has no IPv4 address" }
}

/// Serves `routes` from a FlyingFox server on 127.0.0.1, on a port the system picks, and runs
/// `body` with the API's root there (`http://127.0.0.1:PORT/v0/`). The server stops afterwards,
/// whether `body` throws or not.
public func withLoopbackServer(_ routes: [TestRoute], _ body: (URL) async throws -> Void) async throws {
    let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    for (route, handler) in routes {
        await server.appendRoute(HTTPRoute(route), handler: handler)
    }
    let running = Task { try await server.run() }
    defer { running.cancel() }
    // A ceiling, not a pause: FlyingFox's own 5 seconds is too short when a loaded two-core CI
    // machine runs hundreds of tests at once and the listening task waits its turn for a thread.
    try await server.waitUntilListening(timeout: 300)
    guard case .ip4(_, let port) = await server.listeningAddress, let root = URL(string: "http://127.0.0.1:\(port)/v0/") else {
        throw LoopbackServerError()
    }
    do {
        try await body(root)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

extension HTTPResponse {
    /// A JSON answer.
    public static func json(_ body: Data, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "application/json"], body: body)
    }

    /// A JSON answer from text, which may be malformed on purpose.
    public static func json(_ text: String, status: HTTPStatusCode = .ok) -> HTTPResponse {
        json(Data(text.utf8), status: status)
    }
}

extension HTTPRequest {
    /// The id in an item request's path, `7` for `/v0/item/7.json`.
    public var itemID: Int? {
        path.split(separator: "/").last.flatMap { Int($0.replacingOccurrences(of: ".json", with: "")) }
    }
}
