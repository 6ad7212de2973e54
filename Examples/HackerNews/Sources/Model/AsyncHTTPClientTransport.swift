#if canImport(AsyncHTTPClient)
import AsyncHTTPClient
import Foundation
import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// The transport on Linux: AsyncHTTPClient, an HTTP client made for servers, on SwiftNIO.
///
/// Linux's URLSession (swift-corelibs-foundation) cannot be bounded: it keeps every body whole
/// in memory and decompresses on its own queue faster than a cancellation gets through, so a
/// small compressed answer grows to gigabytes; and cancelling its async `data(from:)` can
/// deadlock. Here the body streams with back-pressure and is counted as it comes, after
/// decompression, and cancellation is an ordinary part of the client.
struct AsyncHTTPClientTransport: HTTPTransport {
    // One client for the process, as the library advises; it is never shut down, so it needs
    // no owner. Its own timeouts only back up each request's deadline, and decompression has no
    // ratio limit of its own because `get` counts the decompressed bytes against its limit.
    //
    // Redirects are followed here, not by the client: it trapped on a `Location` whose port is
    // out of range (`http://127.0.0.1:99999/`), so any server could end the process. And a
    // refused connection fails at once instead of being retried by the pool until the deadline:
    // the live client retries transient failures itself, and says what happened.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(60), read: .seconds(60)),
            decompression: .enabled(limit: .none)
        )
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// The most redirects followed for one request.
    static let redirectLimit = 5

    func get(_ url: URL, timeout: Duration, limit: Int) async throws -> Data {
        // The deadline covers the whole exchange, body included: whichever finishes first wins,
        // and the other is cancelled.
        try await withThrowingTaskGroup(of: Data?.self) { group in
            group.addTask { try await Self.exchange(url, limit: limit) }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            do {
                guard let body = try await group.next() ?? nil else { throw TransportFailure.timedOut }
                return body
            } catch is CancellationError {
                throw TransportFailure.cancelled
            }
        }
    }

    private static func exchange(_ url: URL, limit: Int) async throws -> Data {
        var url = url
        var visited: Set<String> = [url.absoluteString]
        var response = try await Self.response(to: url)
        while [301, 302, 303, 307, 308].contains(response.status.code) {
            guard let location = response.headers.first(name: "Location") else { break }
            guard visited.count <= Self.redirectLimit else {
                throw TransportFailure.transport("more than \(Self.redirectLimit) redirects")
            }
            let target = try Self.redirectTarget(location, from: url)
            guard visited.insert(target.absoluteString).inserted else {
                throw TransportFailure.transport("the redirects go round in a cycle")
            }
            url = target
            response = try await Self.response(to: url)
        }
        guard response.status == .ok else {
            throw TransportFailure.status(Int(response.status.code))
        }
        do {
            let body = try await response.body.collect(upTo: limit)
            return Data(body.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw TransportFailure.tooLarge(limit)
        } catch {
            try Task.checkCancellation()
            throw TransportFailure.transport(Self.message(for: error))
        }
    }

    private static func response(to url: URL) async throws -> HTTPClientResponse {
        let request = HTTPClientRequest(url: url.absoluteString)
        do {
            // Far beyond any deadline the caller sets; the caller's deadline cancels first.
            return try await Self.client.execute(request, timeout: .hours(24))
        } catch {
            try Task.checkCancellation()
            throw TransportFailure.transport(Self.message(for: error))
        }
    }

    /// Where a redirect's `Location` leads, resolved against the URL that answered: only an http
    /// or https URL with a host and a port the network can have (1 to 65535).
    static func redirectTarget(_ location: String, from url: URL) throws -> URL {
        guard let target = URL(string: location, relativeTo: url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), ["http", "https"].contains(scheme),
            target.host() != nil
        else {
            throw TransportFailure.transport("the server redirected to something that is not an http or https URL")
        }
        if let port = target.port, !(1...65_535).contains(port) {
            throw TransportFailure.transport("the server redirected to port \(port), which is out of range (1 to 65535)")
        }
        return target
    }

    private static func message(for error: any Error) -> String {
        switch error {
        case let error as HTTPClientError where error == .remoteConnectionClosed:
            "the server closed the connection"
        case let error as HTTPClientError where error == .connectTimeout:
            "the connection timed out"
        default:
            switch Self.systemError(in: error, depth: 0) {
            case ECONNREFUSED: "the connection was refused"
            case ECONNRESET: "the server reset the connection"
            case EPIPE: "the server closed the connection"
            case ENETUNREACH, EHOSTUNREACH: "the server cannot be reached"
            default: "\(error)"
            }
        }
    }

    /// The error number of the first system error in `error` or in what it wraps (a connection
    /// attempt's errors are kept inside the error that ends it); a few levels deep at most.
    private static func systemError(in error: Any, depth: Int) -> Int32? {
        if let error = error as? IOError {
            return error.errnoCode
        }
        guard depth < 4 else { return nil }
        for child in Mirror(reflecting: error).children.prefix(16) {
            if let code = systemError(in: child.value, depth: depth + 1) {
                return code
            }
        }
        return nil
    }
}
#endif
