#if canImport(AsyncHTTPClient)
import AsyncHTTPClient
import Foundation
import NIOCore

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
    private static let client = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(60), read: .seconds(60)),
            decompression: .enabled(limit: .none)
        )
    )

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
        let request = HTTPClientRequest(url: url.absoluteString)
        let response: HTTPClientResponse
        do {
            // Far beyond any deadline the caller sets; the caller's deadline cancels first.
            response = try await Self.client.execute(request, timeout: .hours(24))
        } catch {
            try Task.checkCancellation()
            throw TransportFailure.transport(Self.message(for: error))
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

    private static func message(for error: any Error) -> String {
        switch error {
        case let error as HTTPClientError where error == .remoteConnectionClosed:
            "the server closed the connection"
        case let error as HTTPClientError where error == .connectTimeout:
            "the connection timed out"
        default:
            "\(error)"
        }
    }
}
#endif
