import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

/// A source file too large to parse within bounded memory is skipped with a notice, under a
/// memory limit too, and every other file is still reported.
struct LargeFileTests {
    /// Just over the 8 MiB limit: `let a = 1` lines, as in a generated file.
    static let large = String(repeating: "let a = 1\n", count: (8 << 20) / 10 + 1_000)

    @Test func aFileOverTheLimitIsSkippedUnderAMemoryLimitAndTheOthersAreReported() async throws {
        let project = try temporaryProject([
            "Sources/Generated.swift": Self.large, "Sources/App/ProfileViewModel.swift": LintCommandTests.notMainActor,
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let mvvm = BuiltCommand("mvvm")
        let run = try await BuiltCommand.shell.run(
            ["-c", #"cd "$1" && ulimit -v 3000000 && exec "$0" lint --no-cache --reporter xcode Sources"#, mvvm.path, project.path]
        )
        #expect(run.status == 1, "\(run.status) \(run.error)")
        #expect(run.output.contains(
            "Sources/Generated.swift:1:1: warning: 'Sources/Generated.swift' is larger than 8 MiB, the most a source file may be (its syntax tree would take over a gigabyte); skipped. (io-error)"
        ), "\(run.output)")
        #expect(run.output.contains("Sources/App/ProfileViewModel.swift:4:13: error:"), "\(run.output)")
    }

    @Test func underATighterMemoryLimitTheLimitIsLowerAndTheOthersAreReported() async throws {
        // Under the standard limit, but its tree would not fit in a gigabyte beside the program:
        // before, the run aborted (exit 134) and reported nothing.
        let project = try temporaryProject([
            "Sources/Generated.swift": String(repeating: "let a = 1\n", count: 800_000),
            "Sources/App/ProfileViewModel.swift": LintCommandTests.notMainActor,
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let run = try await BuiltCommand.shell.run(
            ["-c", #"cd "$1" && ulimit -v 1000000 && exec "$0" lint --no-cache --reporter xcode Sources"#, BuiltCommand("mvvm").path, project.path]
        )
        #expect(run.status == 1, "\(run.status) \(run.error)")
        #expect(run.output.contains(
            "Sources/Generated.swift:1:1: warning: 'Sources/Generated.swift' is larger than 4 MiB, the most a source file may be under this run's memory limit (ulimit -v); skipped. (io-error)"
        ), "\(run.output)")
        #expect(run.output.contains("Sources/App/ProfileViewModel.swift:4:13: error:"), "\(run.output)")
    }

    @Test(arguments: [(nil, 8 << 20), (3_000_000_000, 8 << 20), (1_024_000_000, 4 << 20), (500_000_000, 1 << 20), (100_000_000, 1 << 20)])
    func theLimitIsWhatTheAddressSpaceLeaves(addressSpace: Int?, limit: Int) {
        #expect(SourceSizeLimit.limit(addressSpace: addressSpace) == limit)
    }

    @Test func whenEveryFileIsSkippedTheWarningSaysSo() async throws {
        let project = try temporaryProject(["Sources/Generated.swift": Self.large])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await LintCommandTests().run(["lint", "--no-cache", "Sources"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "warning: no Swift file under Sources could be linted (1 skipped; the report names them).\n")
    }
}
