import CommandTestSupport
import FlyingFox
import Foundation
import HackerNewsModel
import HackerNewsTestSupport
import Testing

/// `hn` with its output in a pipe: against the bundled sample, and against a real HTTP server on
/// 127.0.0.1 serving the same stories through the API's paths.
@Suite(.serialized)
struct PrintedListTests {
    func hn(_ arguments: [String]) async throws -> CommandRun {
        try await BuiltCommand("hn").run(arguments)
    }

    @Test func printsTheSampleListWhenNotOnATerminal() async throws {
        let run = try await hn(["--limit", "2"])
        #expect(run.status == 0)
        #expect(run.output == """
            1. A tiny text editor written in one weekend
                example.com · 8 hours ago · kestrel · 260 points · 14 comments
            2. Why our build got 40% faster after deleting code
                blog.example.org · 2 days ago · bits_and_bobs · 363 points · 10 comments

            """)
    }

    @Test func printsJSONInTheAPIsShape() async throws {
        let run = try await hn(["--list", "ask", "--json"])
        #expect(run.status == 0)
        let items = try JSONDecoder().decode([Item].self, from: Data(run.output.utf8))
        let sample = try SampleClient()
        #expect(items == sample.stories(in: .ask))
    }

    @Test func badArgumentsAreUsageErrors() async throws {
        for arguments in [["--limit", "0"], ["--api", "ftp://example.com"], ["--list", "hot"], ["--timeout", "-1"]] {
            let run = try await hn(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.error.contains("Error:"), "\(arguments)")
            #expect(run.output.isEmpty)
        }
    }

    @Test func readsALiveServerAndKeepsItsRankingOrder() async throws {
        let sample = try SampleClient()
        let ranking = Array(try await sample.storyIDs(in: .best).prefix(12))
        // The client keeps 8 requests in flight, so the 9th goes out only once an answer is in:
        // the first-ranked story, held until then, finishes after another.
        let order = HeldAnswer(for: ranking[0], untilRequest: 9)
        try await withLoopbackServer([
            ("GET /v0/beststories.json", { _ in HTTPResponse.json(try JSONEncoder().encode(ranking)) }),
            ("GET /v0/item/*", { request in
                await order.arrived(request.itemID ?? -1)
                guard let id = request.itemID, let item = try await sample.item(id: id) else { return HTTPResponse.json("null") }
                return HTTPResponse.json(try JSONEncoder().encode(item))
            }),
        ]) { root in
            let run = try await hn(["--api", root.absoluteString, "--list", "best", "--limit", "10", "--json", "--timeout", "30"])

            #expect(run.status == 0, "\(run.error)")
            let items = try JSONDecoder().decode([Item].self, from: Data(run.output.utf8))
            #expect(items.map(\.id) == Array(ranking.prefix(10)))
        }
    }

    @Test func anUnreachableServerIsAClearErrorWithStatusOne() async throws {
        // Port 9 (discard) on loopback: nothing listens there, so the connection is refused.
        let run = try await hn(["--api", "http://127.0.0.1:9/v0/", "--timeout", "1"])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("hn: Could not load Top stories: Could not reach http://127.0.0.1:9/v0/topstories.json"))
        #expect(run.output.isEmpty)
    }

    @Test func opensAStoryWithItsCommentsOffline() async throws {
        let run = try await hn(["--open", "1001"])
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.components(separatedBy: "\n")
        #expect(Array(lines.prefix(4)) == [
            "A tiny text editor written in one weekend",
            "    example.com · 8 hours ago · kestrel",
            "    https://example.com/weekend-editor",
            "",
        ])
        #expect(lines.dropFirst(4).first == "14 comments:")
        // The first reply, at the top level, under its author.
        let sample = try SampleClient()
        let firstReply = try #require(try await sample.item(id: 1002))
        #expect(lines.dropFirst(6).first?.hasPrefix(try #require(firstReply.author) + " · ") == true, "\(lines)")
        #expect(run.error.isEmpty)
    }

    @Test func opensAStoryFromALiveServerWithoutLoadingTheList() async throws {
        let sample = try SampleClient()
        let paths = RequestLog()
        try await withLoopbackServer([
            ("GET /v0/topstories.json", { request in
                await paths.add(request.path)
                return HTTPResponse.json(try JSONEncoder().encode(try await sample.storyIDs(in: .top)))
            }),
            ("GET /v0/item/*", { request in
                await paths.add(request.path)
                guard let id = request.itemID, let item = try await sample.item(id: id) else { return HTTPResponse.json("null") }
                return HTTPResponse.json(try JSONEncoder().encode(item))
            }),
        ]) { root in
            let run = try await hn(["--api", root.absoluteString, "--open", "1001", "--timeout", "30"])

            #expect(run.status == 0, "\(run.error)")
            #expect(run.output.hasPrefix("A tiny text editor written in one weekend\n    example.com · "))
            #expect(run.output.contains("\n14 comments:\n"))
            // The route opens the story alone: its thread is fetched, the ranking is not.
            let asked = await paths.all
            #expect(asked.first == "/v0/item/1001.json")
            #expect(asked.count == 15)
            #expect(!asked.contains("/v0/topstories.json"))
        }
    }

    @Test func openingAnItemThatDoesNotExistFails() async throws {
        let run = try await hn(["--open", "5"])
        #expect(run.status == 1)
        #expect(run.error == "hn: Hacker News has no item 5.\n")
        #expect(run.output.isEmpty)
    }

    @Test func anItemIDThatIsNotAPositiveNumberIsAUsageErrorSayingSo() async throws {
        // "-5" must reach the check as --open's value, not read as an option of its own.
        for id in ["-5", "0", "abc", "1.5"] {
            let run = try await hn(["--open", id])
            #expect(run.status == 64, "\(id): \(run.error)")
            #expect(run.error.contains("The value '\(id)' is invalid for '--open <item-id>'"), "\(id): \(run.error)")
            #expect(run.error.contains("item ids are positive numbers"), "\(id): \(run.error)")
            #expect(run.output.isEmpty)
        }
    }

    @Test func openWithJSONIsAUsageError() async throws {
        let run = try await hn(["--open", "1001", "--json"])
        #expect(run.status == 64)
        #expect(run.error.contains("--json prints a list"))
    }
}

/// The paths a test server was asked for, in order.
actor RequestLog {
    private(set) var all: [String] = []

    func add(_ path: String) {
        all.append(path)
    }
}
