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
            "Sources/Generated.swift": Self.large, "Sources/App/ProfileViewModel.swift": MVVMExecutable.viewModelMissingMainActor,
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
            "Sources/App/ProfileViewModel.swift": MVVMExecutable.viewModelMissingMainActor,
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let run = try await BuiltCommand.shell.run(
            ["-c", #"cd "$1" && ulimit -v 1000000 && exec "$0" lint --no-cache --reporter xcode Sources"#, BuiltCommand("mvvm").path, project.path]
        )
        #expect(run.status == 1, "\(run.status) \(run.error)")
        // 4 MiB with two cores: the limit counts a stack for each further worker.
        let limit = SourceSizeLimit.limit(addressSpace: 1_024_000_000, workers: ProcessInfo.processInfo.activeProcessorCount) >> 20
        #expect(run.output.contains(
            "Sources/Generated.swift:1:1: warning: 'Sources/Generated.swift' is larger than \(limit) MiB, the most a source file may be under this run's memory limit (ulimit -v); skipped. (io-error)"
        ), "\(run.output)")
        #expect(run.output.contains("Sources/App/ProfileViewModel.swift:4:13: error:"), "\(run.output)")
    }

    /// An address-space limit, the workers, and the largest source file read, in MiB.
    static let limits: [(addressSpace: Int?, workers: Int, mebibytes: Int)] = [
        (nil, 2, 8), (3_000_000_000, 2, 8), (1_024_000_000, 2, 4), (1_024_000_000, 1, 6),
        (1_024_000_000, 4, 1), (8_000_000_000, 16, 8), (500_000_000, 2, 1), (100_000_000, 1, 1),
    ]

    @Test func theLimitIsWhatTheAddressSpaceLeaves() {
        for (addressSpace, workers, mebibytes) in Self.limits {
            #expect(SourceSizeLimit.limit(addressSpace: addressSpace, workers: workers) == mebibytes << 20, "\(String(describing: addressSpace)), \(workers)")
        }
    }

    @Test func whenEveryFileIsSkippedTheWarningSaysSo() async throws {
        let project = try temporaryProject(["Sources/Generated.swift": Self.large])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await MVVMExecutable().run(["lint", "--no-cache", "Sources"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "warning: no Swift file under Sources could be linted (1 skipped; the report names them).\n")
    }
}
