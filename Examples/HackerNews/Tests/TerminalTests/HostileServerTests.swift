import CommandTestSupport
import Foundation
import HackerNewsModel
import HackerNewsTestSupport
import Testing

/// `hn` with its output in a pipe, against servers on 127.0.0.1 that misbehave the ways slow,
/// broken and hostile servers do: every run ends in bounded time, what loaded is shown, and what
/// failed is named.
@Suite(.serialized)
struct HostileServerTests {
    /// A story's JSON, as the API sends it.
    static func story(_ id: Int, title: String = "", time: String = "1700000000") -> String {
        let title = title.isEmpty ? "Story \(id)" : title
        let quoted = String(decoding: try! JSONEncoder().encode(title), as: UTF8.self)
        return #"{"id": \#(id), "type": "story", "by": "u\#(id)", "time": \#(time), "title": \#(quoted), "score": 5}"#
    }

    /// Serves the top list `[1, 2, 3]`; stories 1 and 3 answer normally, story 2 with `fault`.
    static func topThree(withStory2 fault: FaultyServer.Reply) -> @Sendable (String) -> FaultyServer.Reply {
        { path in
            switch path {
            case "/v0/topstories.json": .json("[1, 2, 3]")
            case "/v0/item/2.json": fault
            case "/v0/item/1.json": .json(story(1))
            case "/v0/item/3.json": .json(story(3))
            default: .json("null", status: 404)
            }
        }
    }

    func hn(_ root: URL, _ arguments: [String]) async throws -> CommandRun {
        try await BuiltCommand("hn").run(["--api", root.absoluteString] + arguments)
    }

    /// How one item misbehaves, and the words `hn` must name it with.
    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case neverAnswers, dripsAByteAtATime, unavailable, wrongFieldTypes, deeplyNested, endlessBody, compressionBomb

        var testDescription: String { rawValue }

        var reply: FaultyServer.Reply {
            switch self {
            case .neverAnswers: .silence
            case .dripsAByteAtATime: .drip(interval: .milliseconds(100))
            case .unavailable: .json("{}", status: 503)
            case .wrongFieldTypes: .json(#"{"id": 2, "type": "story", "title": 42, "score": "many"}"#)
            case .deeplyNested: .json(#"{"id": 2, "title": "x", "kids": "# + String(repeating: "[", count: 100_000))
            case .endlessBody: .endless(headers: ["Content-Type": "application/json"], chunk: Array(repeating: 0x20, count: 65_536), limit: 1 << 34)
            case .compressionBomb:
                .endless(
                    headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
                    prefix: GzipBomb.prefix, chunk: Array(repeating: GzipBomb.chunk, count: 4_096).flatMap { $0 },
                    limit: 1 << 28
                )
            }
        }

        /// The `--timeout` of the run: one second where the fault is the timeout, and room for a
        /// loaded machine where it is not (a 503 slower than a second read as a timeout once).
        var timeout: String {
            switch self {
            case .neverAnswers, .dripsAByteAtATime: "1"
            default: "10"
            }
        }

        var reason: String {
            switch self {
            case .neverAnswers, .dripsAByteAtATime: "no complete answer within 1 second"
            case .unavailable: "answered with HTTP status 503"
            case .wrongFieldTypes, .deeplyNested: "is malformed"
            case .endlessBody, .compressionBomb: "is larger than 4194304 bytes"
            }
        }
    }

    // A hang is caught by the time limit, minutes away from what a loaded machine takes; that
    // the timeout applied, the reason in the message says.
    @Test(.timeLimit(.minutes(10)), arguments: Fault.allCases)
    func aFaultyStoryFailsInItsPlaceWhileTheOthersShow(fault: Fault) async throws {
        try await withFaultyServer(Self.topThree(withStory2: fault.reply)) { root in
            let run = try await hn(root, ["--json", "--timeout", fault.timeout])

            #expect(run.status == 1, "\(run.error)")
            let items = try JSONDecoder().decode([Item].self, from: Data(run.output.utf8))
            #expect(items.map(\.id) == [1, 3])
            let line = try #require(run.error.split(separator: "\n").first { $0.hasPrefix("hn: story 2 could not be loaded: ") })
            #expect(line.contains(fault.reason), "\(line)")
            #expect(line.contains("/v0/item/2.json"), "\(line)")
        }
    }

    @Test func aFailedStoryIsARowOfTheTextListToo() async throws {
        try await withFaultyServer(Self.topThree(withStory2: .json("{}", status: 503))) { root in
            let run = try await hn(root, ["--timeout", "10"])

            #expect(run.status == 1)
            let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
            try #require(lines.count == 7, "\(run.output)")
            #expect(lines[0] == "1. Story 1")
            #expect(lines[2] == "2. Story 2 could not be loaded")
            #expect(lines[3].hasPrefix("    \(root.absoluteString)item/2.json answered with HTTP status 503"))
            #expect(lines[4] == "3. Story 3")
            #expect(run.error.hasPrefix("hn: story 2 could not be loaded: "))
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func storiesFailingTogetherNeverHangTheRun() async throws {
        // Twenty-four malformed stories, eight at a time failing at once: the pattern that made
        // URLSession deadlock on Linux when the failures cancelled the requests still running.
        let ids = Array(1...24)
        let reply: @Sendable (String) -> FaultyServer.Reply = { path in
            path == "/v0/topstories.json" ? .json("\(ids)") : .json(#"{"id": 1, "title": 7}"#)
        }
        try await withFaultyServer(reply) { root in
            for _ in 0..<8 {
                let run = try await hn(root, ["--json", "--limit", "24", "--timeout", "2"])
                #expect(run.status == 1, "\(run.error)")
                // Every story failed, so the page failed as a whole, naming the first.
                #expect(run.error.hasPrefix("hn: Could not load Top stories: Item 1 from \(root.absoluteString)item/1.json is malformed"), "\(run.error)")
                #expect(run.output.isEmpty)
            }
        }
    }

    @Test(arguments: ["[]", "[4, 5]"])
    func nothingToShowIsAnError(ranking: String) async throws {
        // An empty list, or one whose stories the API has no item for (it answers `null`).
        let reply: @Sendable (String) -> FaultyServer.Reply = { path in
            path == "/v0/topstories.json" ? .json(ranking) : .json("null")
        }
        try await withFaultyServer(reply) { root in
            let run = try await hn(root, ["--timeout", "5"])
            #expect(run.status == 1)
            #expect(run.error == "hn: the Top list has no stories to show\n")
            #expect(run.output.isEmpty)
        }
    }

    @Test func timesNoClockCouldMeanShowAsUnknown() async throws {
        let reply: @Sendable (String) -> FaultyServer.Reply = { path in
            switch path {
            case "/v0/topstories.json": .json("[1, 2]")
            case "/v0/item/1.json": .json(Self.story(1, time: "\(Int64.max)"))
            default: .json(Self.story(2, time: "\(Int64.min)"))
            }
        }
        try await withFaultyServer(reply) { root in
            let text = try await hn(root, ["--timeout", "5"])
            #expect(text.status == 0, "\(text.error)")
            #expect(text.output == """
                1. Story 1
                    unknown age · u1 · 5 points
                2. Story 2
                    unknown age · u2 · 5 points

                """)

            let json = try await hn(root, ["--timeout", "5", "--json"])
            #expect(json.status == 0, "\(json.error)")
            #expect(json.output.contains(#""time" : 9223372036854775807"#))
            #expect(json.output.contains(#""time" : -9223372036854775808"#))
        }
    }

    /// A title that, printed raw, sets the window title, clears the screen, fakes a line and
    /// reverses what follows; an author that turns the text red through a C1 control.
    static let hostileTitle = "\u{1B}]0;pwned\u{7}Evil\u{1B}[2J\r\n99. Fake story\u{202E}desrever\u{7F}"
    static let hostileAuthor = "\u{9B}31mred"

    static func hostileServer(_ path: String) -> FaultyServer.Reply {
        switch path {
        case "/v0/topstories.json": return .json("[1]")
        default:
            let title = String(decoding: try! JSONEncoder().encode(hostileTitle), as: UTF8.self)
            let author = String(decoding: try! JSONEncoder().encode(hostileAuthor), as: UTF8.self)
            return .json(#"{"id": 1, "type": "story", "by": \#(author), "time": 1700000000, "title": \#(title), "url": "https://example.com/\u001B[2J"}"#)
        }
    }

    /// Whether `text` holds anything a terminal would act on, line breaks aside.
    static func holdsControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar != "\n" && ((0...0x1F).contains(scalar.value) || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
        }
    }

    @Test func controlCharactersFromTheServerNeverReachThePrintedList() async throws {
        try await withFaultyServer(Self.hostileServer) { root in
            let run = try await hn(root, ["--timeout", "5"])
            #expect(run.status == 0, "\(run.error)")
            #expect(!Self.holdsControls(run.output), "\(run.output.debugDescription)")
            #expect(run.output.split(separator: "\n").count == 2, "no faked line: \(run.output.debugDescription)")
            #expect(run.output.hasPrefix("1. �]0;pwned�Evil�[2J  99. Fake story�desrever�\n"), "\(run.output.debugDescription)")
        }
    }

    @Test func controlCharactersInJSONAreEscapedAndTheValuesKept() async throws {
        try await withFaultyServer(Self.hostileServer) { root in
            let run = try await hn(root, ["--timeout", "5", "--json"])
            #expect(run.status == 0, "\(run.error)")
            // Layout aside (line breaks between the JSON's lines), nothing raw.
            #expect(!Self.holdsControls(run.output), "\(run.output.debugDescription)")
            let items = try JSONDecoder().decode([Item].self, from: Data(run.output.utf8))
            #expect(items.first?.title == Self.hostileTitle)
            #expect(items.first?.author == Self.hostileAuthor)
        }
    }

    /// Marks, zero-width and tag characters: each shows nothing, yet reorders or hides text.
    static let invisibleTitle = "pay\u{200F}\u{061C}\u{200E} now\u{200B}\u{2060}\u{FEFF}\u{E0041}\u{E007F}"

    @Test func invisibleCharactersAreShownInTextAndEscapedInJSON() async throws {
        let reply: @Sendable (String) -> FaultyServer.Reply = { path in
            path == "/v0/topstories.json" ? .json("[1]") : .json(Self.story(1, title: Self.invisibleTitle))
        }
        try await withFaultyServer(reply) { root in
            let text = try await hn(root, ["--timeout", "5"])
            #expect(text.status == 0, "\(text.error)")
            #expect(text.output.hasPrefix("1. pay��� now�����\n"), "\(text.output.debugDescription)")
            let json = try await hn(root, ["--timeout", "5", "--json"])
            #expect(json.status == 0, "\(json.error)")
            #expect(!json.output.unicodeScalars.contains { $0.value > 0x7F && $0 != "\u{FFFD}" }, "\(json.output.debugDescription)")
            #expect(json.output.contains(#"pay\u200F\u061C\u200E now\u200B\u2060\uFEFF\uDB40\uDC41\uDB40\uDC7F"#), "\(json.output)")
            let items = try JSONDecoder().decode([Item].self, from: Data(json.output.utf8))
            #expect(items.first?.title == Self.invisibleTitle)
        }
    }

    @Test func jsonNestedTooDeeplyIsNamedForWhatItIs() async throws {
        let nested = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        try await withFaultyServer(Self.topThree(withStory2: .json(#"{"id": 2, "title": "x", "kids": "# + nested + "}"))) { root in
            let run = try await hn(root, ["--timeout", "10"])
            #expect(run.status == 1)
            #expect(run.error.contains("is malformed: its arrays and objects nest more than 512 levels deep"), "\(run.error)")
        }
    }
}
