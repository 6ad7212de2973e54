import CommandTestSupport
import Foundation
import Testing

/// Files below a path longer than the system opens are named in a notice, not skipped silently.
struct LongPathTests {
    @Test func entriesPastTheLongestPathGetANotice() async throws {
        let project = try temporaryProject(["Sources/AViewModel.swift": InputSafetyTests.viewModel("A")])
        defer { try? FileManager.default.removeItem(at: project) }
        // Made one folder at a time with relative names: no single call sees the whole path.
        let folder = String(repeating: "f", count: 200)
        let made = try await BuiltCommand.shell.run([
            "-c", #"cd "$0/Sources" && for i in $(seq 20); do mkdir "$1" && cd "$1" || exit 1; done && mkdir "$1" && printf 'struct Deep {}\n' > "$1/Deep.swift""#,
            project.path, folder,
        ])
        try #require(made.status == 0, "\(made.error)")
        let result = try await MVVMExecutable().run(["lint", "--no-cache", "--reporter", "xcode", "Sources"], in: project)
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.contains("holds 1 entry whose path is longer than 4095 bytes, more than the system opens; skipped. (io-error)"), "\(result.output.suffix(600))")
        #expect(result.output.contains("Sources/AViewModel.swift:4:13: error:"))
        // `rm` removes a tree deeper than any path it could name at once.
        _ = try await BuiltCommand.shell.run(["-c", #"rm -rf "$0""#, project.path])
    }
}
