import FlyingFox
import Foundation
import HackerNewsModel
import HackerNewsTestSupport
import Testing

/// The live client against a real HTTP server on 127.0.0.1, serving API-shaped answers and the
/// faults real networks have.
struct LiveClientTests {
    /// Runs `body` with a client pointed at a loopback server serving `routes`.
    func withServer(
        _ routes: [TestRoute], timeout: TimeInterval = 30, retries: Int = 0,
        _ body: (LiveClient) async throws -> Void
    ) async throws {
        try await withLoopbackServer(routes) { root in
            try await body(LiveClient(configuration: .init(baseURL: root, timeout: timeout, retries: retries, retryDelay: .zero)))
        }
    }

    static func story(_ id: Int) -> String {
        #"{"id": \#(id), "type": "story", "by": "u\#(id)", "time": 1700000000, "title": "Story \#(id)", "score": \#(id)}"#
    }

    @Test func listsAndItemsInRankingOrderWhateverOrderTheyArrive() async throws {
        let ids = [5, 3, 9, 1, 7]
        // Two requests in flight: the third goes out only once an answer is in, so story 5's
        // answer, held until then, finishes after another.
        let order = HeldAnswer(for: 5, untilRequest: 3)
        try await withServer([
            ("GET /v0/topstories.json", { _ in HTTPResponse.json("[5, 3, 9, 1, 7]") }),
            ("GET /v0/item/*", { request in
                guard let id = request.itemID else { return HTTPResponse.json("{}", status: .badRequest) }
                await order.arrived(id)
                return HTTPResponse.json(Self.story(id))
            }),
        ]) { client in
            let top = try await client.storyIDs(in: .top)
            #expect(top == ids)
            let stories = try await client.items(ids: top, concurrency: 2)
            #expect(stories.map(\.id) == ids)
            #expect(stories.map(\.title) == ids.map { "Story \($0)" })
        }
    }

    @Test func aNullItemIsNoItem() async throws {
        try await withServer([("GET /v0/item/4.json", { _ in HTTPResponse.json("null") })]) { client in
            let item = try await client.item(id: 4)
            #expect(item == nil)
        }
    }

    @Test func serverErrorsAreRetriedThenReported() async throws {
        let calls = Counter()
        try await withServer([("GET /v0/item/8.json", { _ in
            calls.increment()
            return HTTPResponse.json("{}", status: .internalServerError)
        })], retries: 2) { client in
            let url = client.configuration.baseURL.appendingPathComponent("item/8.json").absoluteString
            await #expect(throws: LiveClient.ClientError.httpStatus(url: url, code: 500)) {
                try await client.item(id: 8)
            }
        }
        #expect(calls.value == 3)
    }

    @Test func aTransientFailureThatRecoversSucceeds() async throws {
        let calls = Counter()
        try await withServer([("GET /v0/item/2.json", { _ in
            calls.increment()
            return calls.value == 1 ? HTTPResponse.json("{}", status: .serviceUnavailable) : HTTPResponse.json(Self.story(2))
        })], retries: 1) { client in
            let item = try await client.item(id: 2)
            #expect(item?.title == "Story 2")
        }
        #expect(calls.value == 2)
    }

    @Test func notFoundIsNotRetried() async throws {
        let calls = Counter()
        try await withServer([("GET /v0/item/3.json", { _ in
            calls.increment()
            return HTTPResponse.json("{}", status: .notFound)
        })], retries: 3) { client in
            await #expect(throws: LiveClient.ClientError.self) { try await client.item(id: 3) }
        }
        #expect(calls.value == 1)
    }

    @Test(arguments: [
        #"{"id": 6, "type": "story", "title": "Trunc"#,
        #"{"type": "story", "title": "No id"}"#,
        "<html>Gateway</html>",
    ])
    func malformedAnswersNameTheItem(_ body: String) async throws {
        try await withServer([("GET /v0/item/6.json", { _ in HTTPResponse.json(body) })]) { client in
            do {
                _ = try await client.item(id: 6)
                Issue.record("no error for \(body)")
            } catch let error as LiveClient.ClientError {
                guard case .decoding(_, let itemID, _) = error else {
                    Issue.record("wrong error \(error)")
                    return
                }
                #expect(itemID == 6)
                #expect(error.description.hasPrefix("Item 6 from http://"))
            }
        }
    }

    @Test func aMalformedRankingSaysSoBriefly() async throws {
        try await withServer([("GET /v0/newstories.json", { _ in HTTPResponse.json(#"{"error": "gone"}"#) })]) { client in
            do {
                _ = try await client.storyIDs(in: .new)
                Issue.record("no error")
            } catch let error as LiveClient.ClientError {
                guard case .decoding(let url, nil, let message) = error else {
                    Issue.record("wrong error \(error)")
                    return
                }
                #expect(url.hasSuffix("/v0/newstories.json"))
                // One readable line, as the item errors give, not a dump of the decoding error.
                #expect(error.description.hasPrefix("The answer of http://"))
                #expect(!message.contains("DecodingError") && !message.contains("\n"), "\(message)")
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func anAnswerHeldForARequestThatNeverComesDoesNotKeepTheServerRunning() async throws {
        // The client gives up on story 1 long before a second request could release it; the
        // server must still stop, so a test like this fails rather than hangs.
        let held = HeldAnswer(for: 1, untilRequest: 2)
        try await withServer([("GET /v0/item/*", { request in
            await held.arrived(request.itemID ?? -1)
            return HTTPResponse.json(Self.story(1))
        })], timeout: 1) { client in
            await #expect(throws: LiveClient.ClientError.self) { try await client.item(id: 1) }
        }
    }

    @Test func aSlowAnswerPastTheTimeoutIsATransportError() async throws {
        // The answer is held until the client has given up, however slow the machine is.
        let (release, releasing) = AsyncStream<Void>.makeStream()
        try await withServer([("GET /v0/item/1.json", { _ in
            for await _ in release {}
            return HTTPResponse.json(Self.story(1))
        })], timeout: 1) { client in
            defer { releasing.finish() }
            let started = ContinuousClock.now
            do {
                _ = try await client.item(id: 1)
                Issue.record("no timeout")
            } catch let error as LiveClient.ClientError {
                // It waited for the timeout rather than failing at once, and the configured second
                // is what ended it (the message names it; a loaded machine may take longer).
                let waited = ContinuousClock.now - started
                #expect(waited >= .milliseconds(500), "\(waited)")
                guard case .transport(_, let message) = error else {
                    Issue.record("wrong error \(error)")
                    return
                }
                #expect(message == "no complete answer within 1 second")
            }
        }
    }
}

/// The live client's bounds: the whole exchange within the timeout, the body within its limit.
struct LiveClientBoundsTests {
    // The error names the deadline; the time limit catches a hang, far from a loaded machine's pace.
    @Test(.timeLimit(.minutes(10)))
    func aBodyDrippedAByteAtATimeEndsAtTheDeadline() async throws {
        try await withFaultyServer({ _ in .drip(interval: .milliseconds(50)) }) { root in
            let client = LiveClient(configuration: .init(baseURL: root, timeout: 1, retries: 0))
            let url = root.appendingPathComponent("item/1.json").absoluteString
            // Bytes keep coming the whole time; only the deadline for the whole exchange ends it.
            await #expect(throws: LiveClient.ClientError.transport(url: url, message: "no complete answer within 1 second")) {
                try await client.item(id: 1)
            }
        }
    }

    @Test func aBodyPastTheLimitFailsAsTooLarge() async throws {
        let chunk = [UInt8](repeating: 0x20, count: 4_096)
        try await withFaultyServer({ _ in .endless(headers: ["Content-Type": "application/json"], chunk: chunk, limit: 1 << 32) }) { root in
            let client = LiveClient(configuration: .init(baseURL: root, timeout: 30, retries: 0, maximumBodySize: 10_000))
            let url = root.appendingPathComponent("item/1.json").absoluteString
            await #expect(throws: LiveClient.ClientError.tooLarge(url: url, limit: 10_000)) {
                try await client.item(id: 1)
            }
        }
    }

    @Test func aBodyJustWithinTheLimitLoads() async throws {
        let story = LiveClientTests.story(1)
        try await withFaultyServer({ _ in .json(story) }) { root in
            let client = LiveClient(configuration: .init(baseURL: root, timeout: 30, retries: 0, maximumBodySize: story.utf8.count))
            let item = try await client.item(id: 1)
            #expect(item?.title == "Story 1")
        }
    }

    @Test func retriesStopWhenTheRequestsTimeIsUp() async throws {
        let calls = Counter()
        try await withFaultyServer({ _ in
            calls.increment()
            return .json("{}", status: 503)
        }) { root in
            // The first retry waits a second; the second would wait two more, past the request's
            // three seconds, so it is never tried (five retries would take 31 seconds). On a
            // loaded machine the first answer can itself take long enough to rule out the first.
            let client = LiveClient(configuration: .init(baseURL: root, timeout: 3, retries: 5, retryDelay: .seconds(1)))
            await #expect(throws: LiveClient.ClientError.self) { try await client.item(id: 1) }
        }
        #expect((1...2).contains(calls.value), "\(calls.value) requests")
    }
}

/// A thread-safe count of calls, for handlers that run on the server's tasks.
final class Counter: @unchecked Sendable {
    // `count` is only touched while holding `lock`.
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
