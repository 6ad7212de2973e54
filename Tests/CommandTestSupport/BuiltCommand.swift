import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a finished command printed and how it ended.
public struct CommandRun: Sendable {
    /// The exit status, or the signal's number if a signal ended it.
    public var status: Int32
    /// Everything written to standard output.
    public var output: String
    /// Everything written to standard error.
    public var error: String
}

/// An executable of this package, built next to the test bundle, run as users and CI run it.
///
/// Waiting for it holds no thread: Swift concurrency has only a few shared threads (two on a
/// two-core CI machine), and a test that blocks one while a subprocess runs starves every other
/// test's tasks, including a loopback server the subprocess may be talking to.
public struct BuiltCommand: Sendable {
    /// Where the executable is.
    public let url: URL

    /// How long a command may run before it is killed: far beyond any passing run, even on a
    /// loaded machine.
    static let limit = Duration.seconds(300)

    /// The executable named `name` in the build folder the tests run from.
    public init(_ name: String) {
        url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// The executable at `url`, such as `/bin/sh` to run a built command with its streams
    /// closed or piped (`BuiltCommand.shell` and ``path``).
    public init(url: URL) {
        self.url = url
    }

    /// The shell, for runs that need redirections: `shell.run(["-c", "exec \"$0\" … >&-", path])`.
    public static let shell = BuiltCommand(url: URL(fileURLWithPath: "/bin/sh"))

    /// The executable's path, for a shell command line.
    public var path: String { url.path }

    /// Runs the command with `arguments` in `directory` (the current one if `nil`), with `input`
    /// on standard input (empty if `nil`), and returns once it has exited. With
    /// `brokenOutput`, standard output is a pipe whose reading end is closed before the command
    /// starts (as after `| head -1` has read its line): every write to it fails with `EPIPE`, and
    /// ``CommandRun/output`` is empty.
    public func run(_ arguments: [String], in directory: URL? = nil, input: String? = nil, brokenOutput: Bool = false) async throws -> CommandRun {
        // Output goes to files, not pipes: a command that fills one pipe while the other is being
        // drained would otherwise never exit.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("command-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("output"), errorURL = folder.appendingPathComponent("error")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL), error = try FileHandle(forWritingTo: errorURL)
        let inputURL = folder.appendingPathComponent("input")
        try Data((input ?? "").utf8).write(to: inputURL)
        let inputHandle = try FileHandle(forReadingFrom: inputURL)
        defer {
            try? output.close()
            try? error.close()
            try? inputHandle.close()
        }

        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let directory {
            process.currentDirectoryURL = directory
        }
        process.standardInput = inputHandle
        if brokenOutput {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            process.standardOutput = pipe
        } else {
            process.standardOutput = output
        }
        process.standardError = error
        var watchdog: Task<Bool, Never>?
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            // A command that hangs is killed, so its test fails instead of hanging the run.
            let processID = process.processIdentifier, limit = Self.limit
            watchdog = Task {
                guard (try? await Task.sleep(for: limit)) != nil else { return false }
                kill(processID, SIGKILL)
                return true
            }
        }
        watchdog?.cancel()
        let killed = await watchdog?.value ?? false
        return CommandRun(
            status: status,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
                + (killed ? "\n(killed: still running after \(Self.limit))\n" : "")
        )
    }
}

/// Runs `work` on a thread of its own and returns what it returns.
///
/// For work that blocks (poll(2) on a pseudo-terminal) or keeps a core busy for seconds: on one
/// of Swift concurrency's shared threads it would hold back every other test's tasks for as long.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try work() })
        }
        thread.start()
    }
}
