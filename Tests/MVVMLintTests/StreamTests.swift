import CommandTestSupport
import Foundation
import Testing

/// `mvvm` when standard output or standard error cannot be written: closed (`>&-`, `2>&-`), a
/// broken pipe (`| head -1`) or a full device. The run ends with exit status 2 and, where
/// standard error is left, a message; never with a signal, and never with text meant for a
/// closed stream written into a file the run opened.
struct StreamTests {
    let mvvm = BuiltCommand("mvvm")
    static let files = ["Sources/App/ProfileViewModel.swift": MVVMExecutable.viewModelMissingMainActor]

    /// Runs `mvvm` through the shell with `redirections` after its arguments, and returns the
    /// shell's report of its status (`128 + N` for a signal) and what reached standard error.
    func run(_ arguments: [String], _ redirections: String, in project: URL) async throws -> (status: Int32, error: String) {
        let script = #"cd "$1" && shift && "$0" "$@" "# + redirections + #"; echo "status $?" >&3"#
        let run = try await BuiltCommand.shell.run(["-c", "exec 3>&1; " + script, mvvm.path, project.path] + arguments)
        let status = run.output.split(separator: " ").last.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return (try #require(status, "\(run.output) \(run.error)"), run.error)
    }

    @Test func aClosedStandardOutputStopsTheRunWithTwo() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let (status, error) = try await run(["lint", "--no-cache", "Sources"], ">&-", in: project)
        #expect(status == 2)
        #expect(error == "mvvm: standard output cannot be written (Bad file descriptor)\n")
    }

    @Test func aFullDeviceAsStandardOutputStopsTheRunWithTwo() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let (status, error) = try await run(["lint", "--no-cache", "Sources"], ">/dev/full", in: project)
        #expect(status == 2)
        #expect(error == "mvvm: standard output cannot be written (No space left on device)\n")
    }

    @Test(arguments: [["lint", "--no-cache", "Sources"], ["rules"], ["graph", "--no-cache", "Sources"]])
    func aBrokenPipeStopsTheRunWithTwo(arguments: [String]) async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let run = try await mvvm.run(arguments, in: project, brokenOutput: true)
        #expect(run.status == 2, "\(run.error)")
        #expect(run.error == "mvvm: standard output cannot be written (Broken pipe)\n")
    }

    /// Each writes to standard error: the fix's count, the timings, the "no files" warning.
    @Test(arguments: [
        ["lint", "--no-cache", "--fix", "Sources"], ["lint", "--no-cache", "--timing", "Sources"], ["lint", "--no-cache", "Empty"],
    ])
    func aClosedStandardErrorIsExitStatusTwo(arguments: [String]) async throws {
        let project = try temporaryProject(Self.files.merging(["Empty/README.md": "none\n"]) { $1 })
        defer { try? FileManager.default.removeItem(at: project) }
        let (status, _) = try await run(arguments, ">/dev/null 2>&-", in: project)
        #expect(status == 2)
    }

    @Test func aReportFileNeverReceivesWhatWasMeantForAClosedStandardError() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let (status, _) = try await run(["lint", "--no-cache", "--timing", "--reporter", "json:report.json", "Sources"], "2>&-", in: project)
        #expect(status == 2)
        let report = try String(contentsOf: project.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(!report.contains("Timing"))
        _ = try JSONSerialization.jsonObject(with: Data(report.utf8))
    }

    @Test(arguments: [["--reporter", "json:"], ["--cache-path", ""]])
    func anEmptyOutputPathIsAUsageError(arguments: [String]) async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let run = try await mvvm.run(["lint"] + arguments + ["Sources"], in: project)
        #expect(run.status == 2, "\(run.error)")
        #expect(run.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("facts.bin").path))
    }
}
