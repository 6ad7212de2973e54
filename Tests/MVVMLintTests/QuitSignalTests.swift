import CommandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// SIGQUIT (Ctrl-\) outside a write ends a run, as it ends any program: the Swift runtime's
/// crash reporter took it and let the run go on.
struct QuitSignalTests {
    @Test func aQuitWhileTheRunReadsItsPathListEndsIt() async throws {
        let project = try temporaryProject(OutputSafetyTests.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let list = project.appendingPathComponent("paths")
        try #require(mkfifo(list.path, 0o600) == 0)
        let process = Process()
        // With SIGQUIT's default action and unblocked, as from a terminal: a test runner may
        // ignore or block it, a child inherits both, and a run started ignoring it keeps
        // ignoring it.
        let withDefaultQuit = "import os, signal, sys; signal.signal(signal.SIGQUIT, signal.SIG_DFL); signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGQUIT]); os.execv(sys.argv[1], sys.argv[1:])"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", withDefaultQuit, BuiltCommand("mvvm").path, "lint", "--no-cache", "--paths-from", "paths"]
        process.currentDirectoryURL = project
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let ended: Task<(Process.TerminationReason, Int32), any Error> = Task {
            try await withCheckedThrowingContinuation { continuation in
                process.terminationHandler = { continuation.resume(returning: ($0.terminationReason, $0.terminationStatus)) }
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
        // Opening the list's writing end returns once the run has opened its reading end: the
        // run is then well past its start, where the runtime sets up its handlers.
        let writer = try await onOwnThread { open(list.path, O_WRONLY) }
        try #require(writer >= 0)
        kill(process.processIdentifier, SIGQUIT)
        close(writer)
        let (reason, status) = try await ended.value
        #expect(reason == .uncaughtSignal && status == SIGQUIT, "ended by \(reason == .exit ? "exit" : "signal") \(status)")
    }
}
