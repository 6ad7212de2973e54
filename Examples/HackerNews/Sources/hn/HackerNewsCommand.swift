import ArgumentParser
import Foundation
import HackerNewsModel
import HackerNewsReader
import HackerNewsTerminal
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// `hn`: the Hacker News reader in a terminal, on the same view models as the SwiftUI app.
@main
struct HackerNewsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hn",
        abstract: "Read Hacker News in the terminal.",
        discussion: """
            With no --api it reads a bundled sample of invented stories, so it works offline. \
            When standard output is not a terminal it prints the list and exits; with --open, \
            the story and its comments.

            Keys: ↑/↓ or j/k move, ⏎ opens a story, ← or esc goes back, space folds a \
            comment, o shows the story's link, tab switches the list, r refreshes, m loads more, \
            q or Ctrl-C quits.
            """
    )

    @Option(help: "The list to show.")
    var list: StoryList = .top

    @Option(help: "Stories per page (1 to 500).")
    var limit = 30

    @Option(name: .customLong("api"), help: ArgumentHelp("The API's base URL, for a live server (such as https://hacker-news.firebaseio.com/v0/).", valueName: "url"))
    var apiURL: String?

    @Option(help: "Seconds a request to the server may take in all, answer and retries included.")
    var timeout: Double = 10

    @Flag(help: "Print the list as JSON in the API's item shape and exit.")
    var json = false

    // Unconditional, so `--open -5` reaches `itemID(_:)` as a value and is refused for what it
    // is, instead of reading as an option and leaving --open without a value.
    @Option(
        name: .customLong("open"), parsing: .unconditional,
        help: ArgumentHelp("Start in this story, with its comments, over the list.", valueName: "item-id"),
        transform: { try HackerNewsCommand.itemID($0) }
    )
    var storyID: Int?

    /// Reads `--open`'s value: a Hacker News item id, which is a positive number.
    static func itemID(_ argument: String) throws -> Int {
        guard let id = Int(argument), id > 0 else {
            throw ValidationError("item ids are positive numbers, such as 1001.")
        }
        return id
    }

    /// Readies the standard streams, then parses the arguments and runs, as the argument parser's
    /// own `main()` does.
    static func main() async {
        StandardStreams.prepare()
        do {
            var command = try parseAsRoot()
            if let command = command as? Self {
                try await command.run()
            } else {
                try command.run()
            }
            exit()
        } catch {
            exit(withError: error)
        }
    }

    func validate() throws {
        guard (1...500).contains(limit) else {
            throw ValidationError("--limit must be between 1 and 500, not \(limit).")
        }
        guard timeout > 0, timeout <= 86_400 else {
            throw ValidationError("--timeout must be a positive number of seconds, at most a day (86400).")
        }
        if storyID != nil, json {
            throw ValidationError("--json prints a list; leave it out with --open.")
        }
        if let apiURL {
            guard let url = URL(string: apiURL), ["http", "https"].contains(url.scheme ?? ""), url.host() != nil else {
                throw ValidationError("--api must be an http or https URL, such as http://127.0.0.1:8080/v0/; got '\(ServerText.displayable(apiURL))'.")
            }
            // The HTTP client traps on a port that does not fit in 16 bits.
            if let port = url.port, !(1...65_535).contains(port) {
                throw ValidationError("--api's port must be between 1 and 65535, not \(port).")
            }
        }
    }

    @MainActor
    func run() async throws {
        let (client, clock, source) = try makeSource()
        if json || isatty(STDOUT_FILENO) == 0 || isatty(STDIN_FILENO) == 0 {
            let printout: PrintedList.Printout
            do {
                if let storyID {
                    printout = try await PrintedStory.render(storyID: storyID, list: list, client: client, clock: clock)
                } else {
                    printout = try await PrintedList.render(
                        list: list, limit: limit, format: json ? .json : .text, client: client, clock: clock
                    )
                }
            } catch {
                throw Self.failed(error)
            }
            if let reason = StandardStreams.write(printout.text, to: STDOUT_FILENO) {
                StandardStreams.write("hn: standard output cannot be written (\(reason))\n", to: STDERR_FILENO)
                throw ExitCode(1)
            }
            // What could be shown is printed; what could not makes the run fail, by name.
            if !printout.failures.isEmpty {
                StandardStreams.write(printout.failures.map { "hn: \($0)\n" }.joined(), to: STDERR_FILENO)
                throw ExitCode(1)
            }
            return
        }
        let linkOpener = TerminalLinkOpener()
        let reader = ReaderViewModel(
            dependencyProvider: ReaderViewModel.DependencyProvider(
                client: client, clock: clock, linkOpener: linkOpener, pageSize: limit
            ),
            route: ReaderRoute(list: list, storyID: storyID)
        )
        let terminal: RawTerminal
        do {
            terminal = try RawTerminal()
        } catch {
            throw Self.failed(error)
        }
        let screen = ReaderScreen(
            reader: reader, linkOpener: linkOpener,
            renderer: ScreenRenderer(size: terminal.size, source: source)
        )
        let status = await TerminalSession(screen: screen, terminal: terminal).run()
        if status != 0 {
            throw ExitCode(status)
        }
    }

    private func makeSource() throws -> (any HackerNewsClient, any ReaderClock, String) {
        if let apiURL, let url = URL(string: apiURL) {
            let client = LiveClient(configuration: .init(baseURL: url, timeout: timeout))
            return (client, SystemClock(), url.host() ?? apiURL)
        }
        do {
            let sample = try SampleClient()
            // Ages read as they did when the sample was made, on any day.
            return (sample, FixedClock(sample.snapshotTime), "sample data")
        } catch {
            throw Self.failed(error)
        }
    }
}

extension HackerNewsCommand {
    /// Says what went wrong on standard error, as `hn: <error>`, and gives exit status 1. The
    /// message may quote the server, so it is made displayable.
    static func failed(_ error: any Error) -> ExitCode {
        StandardStreams.write("hn: \(ServerText.displayable("\(error)"))\n", to: STDERR_FILENO)
        return ExitCode(1)
    }
}

extension StoryList: ExpressibleByArgument {}
