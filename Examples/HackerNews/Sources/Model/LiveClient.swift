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
        /// How long one request may take; at least one second (Linux's URLSession counts whole
        /// seconds, and would read less as no time at all).
        public var timeout: TimeInterval
        /// How many times a transient failure (no connection, a 5xx answer, a timeout) is retried.
        public var retries: Int
        /// The pause before the first retry; it doubles for each further one.
        public var retryDelay: Duration

        /// Creates a configuration; the defaults suit the public API.
        public init(
            baseURL: URL = URL(string: "https://hacker-news.firebaseio.com/v0/")!,
            timeout: TimeInterval = 10, retries: Int = 2, retryDelay: Duration = .milliseconds(300)
        ) {
            self.baseURL = baseURL
            self.timeout = max(1, timeout)
            self.retries = retries
            self.retryDelay = retryDelay
        }
    }

    /// What can go wrong, each case saying enough to act on.
    public enum ClientError: Error, Equatable, CustomStringConvertible {
        /// The request did not complete: no connection, a timeout.
        case transport(url: String, message: String)
        /// The server answered with a status other than 200.
        case httpStatus(url: String, code: Int)
        /// The answer was not what the API sends; `itemID` is the item asked for, if any.
        case decoding(url: String, itemID: Int?, message: String)

        public var description: String {
            switch self {
            case .transport(let url, let message): "Could not reach \(url): \(message)"
            case .httpStatus(let url, let code): "\(url) answered with HTTP status \(code)"
            case .decoding(let url, let itemID?, let message): "Item \(itemID) from \(url) is malformed: \(message)"
            case .decoding(let url, nil, let message): "The answer of \(url) is malformed: \(message)"
            }
        }

        /// Whether trying again may help.
        var isTransient: Bool {
            switch self {
            case .transport: true
            case .httpStatus(_, let code): code >= 500
            case .decoding: false
            }
        }
    }

    /// The settings in use.
    public let configuration: Configuration
    private let session: URLSession

    /// Creates a client.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout
        session = URLSession(configuration: sessionConfiguration)
    }

    public func storyIDs(in list: StoryList) async throws -> [Int] {
        let url = configuration.baseURL.appendingPathComponent("\(list.endpoint).json")
        let data = try await fetch(url)
        do {
            return try JSONDecoder().decode([Int].self, from: data)
        } catch {
            throw ClientError.decoding(url: url.absoluteString, itemID: nil, message: Self.summary(of: error))
        }
    }

    public func item(id: Int) async throws -> Item? {
        let url = configuration.baseURL.appendingPathComponent("item/\(id).json")
        let data = try await fetch(url)
        do {
            // The API answers `null` for an id it has no item for.
            return try JSONDecoder().decode(Item?.self, from: data)
        } catch {
            throw ClientError.decoding(url: url.absoluteString, itemID: id, message: Self.summary(of: error))
        }
    }

    /// GETs `url`, retrying transient failures.
    private func fetch(_ url: URL) async throws -> Data {
        var attempt = 0
        while true {
            do {
                return try await fetchOnce(url)
            } catch let error as ClientError where error.isTransient && attempt < configuration.retries {
                try await Task.sleep(for: configuration.retryDelay * (1 << attempt))
                attempt += 1
            }
        }
    }

    private func fetchOnce(_ url: URL) async throws -> Data {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(from: url)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ClientError.transport(url: url.absoluteString, message: (error as NSError).localizedDescription)
        }
        if let http = response as? HTTPURLResponse, http.statusCode != 200 {
            throw ClientError.httpStatus(url: url.absoluteString, code: http.statusCode)
        }
        return data
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
