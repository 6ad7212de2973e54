import CommandTestSupport
import Foundation
import Testing

/// Runs under a file-size limit (`ulimit -f`): a write past it fails with `EFBIG`, which is
/// handled like a full disk (SIGXFSZ would end the process between two writes).
struct FileSizeLimitTests {
    let mvvm = BuiltCommand("mvvm")

    /// Runs `mvvm` with `arguments` in `project` under a limit of `blocks` × 512 bytes per file,
    /// with SIGXFSZ's default action: a test runner may ignore it, and a child inherits that
    /// (and a shell cannot undo it), which would hide what the tool itself does.
    func run(_ arguments: [String], in project: URL, blocks: Int) async throws -> CommandRun {
        let limited = """
            import os, resource, signal, sys
            signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
            resource.setrlimit(resource.RLIMIT_FSIZE, (\(blocks * 512), \(blocks * 512)))
            os.execv(sys.argv[1], sys.argv[1:])
            """
        return try await BuiltCommand(url: URL(fileURLWithPath: "/usr/bin/env")).run(["python3", "-c", limited, mvvm.path] + arguments, in: project)
    }

    /// Files in `folder` left by a write that was given up (`.NAME.mvvm-<UUID>`).
    static func temporaries(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".mvvm-") }
    }

    @Test func aFixThatWouldGrowAFilePastTheLimitLeavesItWhole() async throws {
        // Ten bytes under a whole number of blocks: the fix adds 30.
        let padding = String(repeating: "/", count: 1024 - 10 - FixTests.broken.utf8.count - 1) + "\n"
        let original = padding + FixTests.broken
        #expect(original.utf8.count == 1014)
        let project = try temporaryProject(["Sources/App/ProfileViewModel.swift": original])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(FixSafetyTests.arguments, in: project, blocks: 2)
        #expect(result.status == 1, "\(result.error)")
        #expect(result.error.contains("could not write Sources/App/ProfileViewModel.swift (File too large); not fixed."), "\(result.error)")
        let folder = project.appendingPathComponent("Sources/App")
        #expect(try String(contentsOf: folder.appendingPathComponent("ProfileViewModel.swift"), encoding: .utf8) == original)
        #expect(try Self.temporaries(in: folder).isEmpty)
    }

    @Test func aReportPastTheLimitStopsTheRunWithTwoAndLeavesNoTemporaryFile() async throws {
        var files: [String: String] = [:]
        for index in 0..<20 {
            files["Sources/App/Screen\(index)ViewModel.swift"] = ConcurrentFixTests.named(FixTests.broken, index)
        }
        let project = try temporaryProject(files)
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "--no-cache", "--reporter", "json:report.json", "Sources"], in: project, blocks: 1)
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.contains("report.json"), "\(result.error)")
        #expect(result.error.contains("File too large"), "\(result.error)")
        #expect(try Self.temporaries(in: project).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("report.json").path))
    }
}
