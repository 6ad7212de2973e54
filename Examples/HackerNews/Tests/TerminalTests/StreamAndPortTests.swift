import CommandTestSupport
import Foundation
import HackerNewsTestSupport
import Testing

/// `hn` when its output cannot be written, or a URL names a port no network has: an exit status
/// and a message, never a signal.
@Suite(.serialized)
struct StreamAndPortTests {
    let hn = BuiltCommand("hn")

    @Test(arguments: ["http://127.0.0.1:65536/v0/", "http://127.0.0.1:99999/v0/", "http://127.0.0.1:0/v0/"])
    func anAPIPortOutOfRangeIsAUsageError(api: String) async throws {
        let run = try await hn.run(["--api", api, "--limit", "3"])
        #expect(run.status == 64, "\(run.status) \(run.error)")
        #expect(run.error.contains("port must be between 1 and 65535"), "\(run.error)")
    }

    @Test(arguments: ["http://127.0.0.1:99999/v0/topstories.json", "ftp://127.0.0.1/", "http://127.0.0.1:65536/"])
    func aRedirectToAPortOutOfRangeFailsThatRequest(location: String) async throws {
        try await withFaultyServer({ _ in .answer(status: 302, headers: ["Location": location], body: []) }) { root in
            let run = try await hn.run(["--api", root.absoluteString, "--limit", "3", "--timeout", "10"])
            #expect(run.status == 1, "\(run.status) \(run.error)")
            #expect(run.error.contains("redirected"), "\(run.error)")
        }
    }

    @Test func aRelativeRedirectIsFollowed() async throws {
        try await withFaultyServer({ path in
            switch path {
            case "/v0/topstories.json": .answer(status: 301, headers: ["Location": "/v1/topstories.json"], body: [])
            case "/v1/topstories.json": .json("[1]")
            case "/v0/item/1.json": .json(HostileServerTests.story(1))
            default: .json("null", status: 404)
            }
        }) { root in
            let run = try await hn.run(["--api", root.absoluteString, "--timeout", "10"])
            #expect(run.status == 0, "\(run.error)")
            #expect(run.output.hasPrefix("1. Story 1\n"), "\(run.output)")
        }
    }

    @Test func aRedirectLoopEnds() async throws {
        try await withFaultyServer({ _ in .answer(status: 302, headers: ["Location": "/v0/topstories.json"], body: []) }) { root in
            let run = try await hn.run(["--api", root.absoluteString, "--timeout", "10"])
            #expect(run.status == 1)
            #expect(run.error.contains("cycle"), "\(run.error)")
        }
    }

    @Test func aClosedStandardOutputIsAnError() async throws {
        let run = try await BuiltCommand.shell.run(["-c", #"exec "$0" --limit 3 >&-"#, hn.path])
        #expect(run.status == 1, "\(run.status) \(run.error)")
        #expect(run.error == "hn: standard output cannot be written (Bad file descriptor)\n")
    }

    @Test func aBrokenPipeIsAnErrorNotASignal() async throws {
        let run = try await hn.run(["--limit", "3"], brokenOutput: true)
        #expect(run.status == 1, "\(run.status) \(run.error)")
        #expect(run.error == "hn: standard output cannot be written (Broken pipe)\n")
    }

    @Test func bothStreamsClosedStillEndsWithAStatus() async throws {
        let run = try await BuiltCommand.shell.run(["-c", #""$0" --limit 3 >&- 2>&-; echo "status $?""#, hn.path])
        #expect(run.output == "status 1\n", "\(run.output) \(run.error)")
    }

    @Test func aRefusedConnectionSaysSoAtOnce() async throws {
        // A server stopped before the run: nothing accepts on its port.
        let server = try FaultyServer { _ in .silence }
        server.stop()
        let started = ContinuousClock.now
        let run = try await hn.run(["--api", server.root.absoluteString, "--timeout", "600"])
        #expect(run.status == 1)
        #expect(run.error.contains("the connection was refused"), "\(run.error)")
        // Far from the whole timeout, however loaded the machine.
        #expect(ContinuousClock.now - started < .seconds(300), "not the whole timeout")
    }

    @Test func aResetConnectionIsSaidInWords() async throws {
        try await withFaultyServer({ _ in .reset }) { root in
            let run = try await hn.run(["--api", root.absoluteString, "--timeout", "10"])
            #expect(run.status == 1)
            #expect(
                run.error.contains("the server reset the connection") || run.error.contains("the server closed the connection"),
                "\(run.error)"
            )
        }
    }
}
