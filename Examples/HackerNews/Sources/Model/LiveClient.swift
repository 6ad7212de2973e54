import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Hacker News API over HTTP (`https://hacker-news.firebaseio.com/v0/` by default).
public struct LiveClient: HackerNewsClient {
    /// How the client talks to the server.
    public struct Configuration: Sendable {
        /// The API's root, ending in `/`.
        public var baseURL: URL
        /// How long one request may take in all: connecting, the answer's headers and its whole
        /// body, and any retries. At least a twentieth of a second.
        public var timeout: TimeInterval
        /// How many times a transient failure (no connection, a 5xx answer, a timeout) is retried.
        public var retries: Int
        /// The pause before the first retry; it doubles for each further one.
        public var retryDelay: Duration
        /// The most bytes an answer's body may have once decompressed; a larger one fails.
        public var maximumBodySize: Int

        /// Creates a configuration; the defaults suit the public API.
        public init(
            baseURL: URL = URL(string: "https://hacker-news.firebaseio.com/v0/")!,
            timeout: TimeInterval = 10, retries: Int = 2, retryDelay: Duration = .milliseconds(300),
            maximumBodySize: Int = 4 << 20
        ) {
            self.baseURL = baseURL
            self.timeout = timeout.isFinite ? min(max(0.05, timeout), 86_400) : 10
            self.retries = max(0, retries)
            self.retryDelay = retryDelay
            self.maximumBodySize = max(1, maximumBodySize)
        }
    }

    /// What can go wrong, each case saying enough to act on.
    public enum ClientError: Error, Equatable, CustomStringConvertible {
        /// The request did not complete: no connection, a timeout.
        case transport(url: String, message: String)
        /// The answer's body was larger than the limit, in bytes, after decompression.
        case tooLarge(url: String, limit: Int)
        /// The server answered with a status other than 200.
        case httpStatus(url: String, code: Int)
        /// The answer was not what the API sends; `itemID` is the item asked for, if any.
        case decoding(url: String, itemID: Int?, message: String)

        public var description: String {
            switch self {
            case .transport(let url, let message): "Could not reach \(url): \(message)"
            case .httpStatus(let url, let code): "\(url) answered with HTTP status \(code)"
            case .tooLarge(let url, let limit): "The answer of \(url) is larger than \(limit) bytes"
            case .decoding(let url, let itemID?, let message): "Item \(itemID) from \(url) is malformed: \(message)"
            case .decoding(let url, nil, let message): "The answer of \(url) is malformed: \(message)"
            }
        }

        /// Whether trying again may help.
        var isTransient: Bool {
            switch self {
            case .transport: true
            case .httpStatus(_, let code): code >= 500
            case .tooLarge, .decoding: false
            }
        }
    }

    /// The settings in use.
    public let configuration: Configuration
    private let transport: any HTTPTransport

    /// Creates a client.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        #if canImport(AsyncHTTPClient)
        transport = AsyncHTTPClientTransport()
        #else
        // The session's own timeout only backs up each request's deadline.
        transport = URLSessionTransport(idleTimeout: configuration.timeout + 5)
        #endif
    }

    public func storyIDs(in list: StoryList) async throws -> [Int] {
        let url = configuration.baseURL.appendingPathComponent("\(list.endpoint).json")
        let data = try await fetch(url)
        try Self.checkNesting(data, url: url, itemID: nil)
        do {
            return try JSONDecoder().decode([Int].self, from: data)
        } catch {
            throw ClientError.decoding(url: url.absoluteString, itemID: nil, message: Self.summary(of: error))
        }
    }

    public func item(id: Int) async throws -> Item? {
        let url = configuration.baseURL.appendingPathComponent("item/\(id).json")
        let data = try await fetch(url)
        try Self.checkNesting(data, url: url, itemID: id)
        do {
            // The API answers `null` for an id it has no item for.
            return try JSONDecoder().decode(Item?.self, from: data)
        } catch {
            throw ClientError.decoding(url: url.absoluteString, itemID: id, message: Self.summary(of: error))
        }
    }

    /// GETs `url`, retrying transient failures while the request's time lasts.
    private func fetch(_ url: URL) async throws -> Data {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(configuration.timeout * 1_000))
        var attempt = 0
        while true {
            do {
                return try await fetchOnce(url, within: deadline - clock.now)
            } catch let error as ClientError where error.isTransient && attempt < configuration.retries {
                let pause = configuration.retryDelay * (1 << min(attempt, 16))
                // A retry that could not finish in time would only delay the error.
                guard clock.now + pause < deadline else { throw error }
                try await Task.sleep(for: pause)
                attempt += 1
            }
        }
    }

    private func fetchOnce(_ url: URL, within time: Duration) async throws -> Data {
        do {
            return try await transport.get(url, timeout: time, limit: configuration.maximumBodySize)
        } catch TransportFailure.cancelled {
            throw CancellationError()
        } catch TransportFailure.status(let code) {
            throw ClientError.httpStatus(url: url.absoluteString, code: code)
        } catch TransportFailure.tooLarge(let limit) {
            throw ClientError.tooLarge(url: url.absoluteString, limit: limit)
        } catch TransportFailure.timedOut {
            throw ClientError.transport(url: url.absoluteString, message: "no complete answer within \(Self.seconds(configuration.timeout))")
        } catch TransportFailure.transport(let message) {
            throw ClientError.transport(url: url.absoluteString, message: message)
        }
    }

    private static func seconds(_ value: TimeInterval) -> String {
        let rounded = (value * 100).rounded() / 100
        let number = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return rounded == 1 ? "1 second" : "\(number) seconds"
    }

    /// The deepest nesting of arrays and objects the decoder reads; it calls deeper JSON "not
    /// valid", which it may well be.
    static let maximumNesting = 512

    /// Fails with a message that says what is wrong when `data` nests arrays and objects
    /// deeper than the decoder reads; one pass over the bytes, strings skipped.
    private static func checkNesting(_ data: Data, url: URL, itemID: Int?) throws {
        var depth = 0, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumNesting {
                    throw ClientError.decoding(url: url.absoluteString, itemID: itemID, message: "its arrays and objects nest more than \(maximumNesting) levels deep")
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
    }

    private static func summary(of error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: String(describing: error)
        }
    }
}
