import CommandTestSupport
import Foundation
import Testing

/// Links committed in a repository decide neither what `mvvm` reads nor where it writes: a
/// folder link out of the linted folders is not walked, and a report, graph, baseline or cache
/// inside the project is never written through a link to somewhere outside it.
struct LinkConfinementTests {
    let mvvm = MVVMExecutable()

    /// A project and a folder beside it (outside it), both removed by `cleanUp`.
    func projectWithOutside(_ files: [String: String], outside: [String: String] = [:]) throws -> (project: URL, outside: URL, cleanUp: () -> Void) {
        let parent = try temporaryProject([:])
        for (path, text) in files.mapKeys({ "project/" + $0 }).merging(outside.mapKeys { "outside/" + $0 }, uniquingKeysWith: { $1 }) {
            let url = parent.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let project = parent.appendingPathComponent("project"), outsideFolder = parent.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outsideFolder, withIntermediateDirectories: true)
        return (project, outsideFolder, { try? FileManager.default.removeItem(at: parent) })
    }

    func link(_ path: String, in folder: URL, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(path).path, withDestinationPath: target)
    }

    @Test func aFolderLinkOutOfTheLintedFoldersIsNotWalked() async throws {
        let (project, _, cleanUp) = try projectWithOutside(
            ["Sources/AViewModel.swift": InputSafetyTests.viewModel("A")],
            outside: ["BViewModel.swift": InputSafetyTests.viewModel("B"), ".mvvm.yml": "rules: [not: valid: yaml\n"]
        )
        defer { cleanUp() }
        try link("Sources/Elsewhere", in: project, to: "../../outside")
        try link("Sources/Root", in: project, to: "/")
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "xcode", "Sources"], in: project)
        #expect(result.status == 1, "\(result.error)")
        #expect(InputSafetyTests.reportedViewModels(result.output) == ["AViewModel"], "\(result.output)")
        #expect(result.error.isEmpty, "the outside configuration is never read: \(result.error)")
    }

    @Test func aFolderLinkGivenByNameIsWalked() async throws {
        let (project, _, cleanUp) = try projectWithOutside(
            ["Sources/AViewModel.swift": InputSafetyTests.viewModel("A")], outside: ["BViewModel.swift": InputSafetyTests.viewModel("B")]
        )
        defer { cleanUp() }
        try link("Sources/Elsewhere", in: project, to: "../../outside")
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "xcode", "Sources", "Sources/Elsewhere"], in: project)
        #expect(result.status == 1, "\(result.error)")
        #expect(InputSafetyTests.reportedViewModels(result.output) == ["AViewModel", "BViewModel"], "\(result.output)")
    }

    @Test(arguments: ["mvvm.sarif", "reports/mvvm.sarif"])
    func aCommittedLinkCannotSendAReportOutOfTheProject(report: String) async throws {
        let (project, outside, cleanUp) = try projectWithOutside(
            ["Sources/AViewModel.swift": InputSafetyTests.viewModel("A")], outside: ["mvvm.sarif": "victim\n"]
        )
        defer { cleanUp() }
        // The report itself a link, or the folder it goes in.
        if report == "mvvm.sarif" {
            try link("mvvm.sarif", in: project, to: "../outside/mvvm.sarif")
        } else {
            try link("reports", in: project, to: "../outside")
        }
        for command in [["lint", "--no-cache", "--reporter", "sarif:\(report)", "Sources"], ["graph", "--no-cache", "--output", report, "Sources"],
                        ["lint", "--no-cache", "--write-baseline", report, "Sources"]] {
            let result = try await mvvm.run(command, in: project)
            #expect(result.status == 2, "\(command): \(result.error)")
            #expect(result.error.contains("leads out of the project through a symbolic link"), "\(result.error)")
            #expect(try String(contentsOf: outside.appendingPathComponent("mvvm.sarif"), encoding: .utf8) == "victim\n")
        }
    }

    @Test func aReportOutsideTheProjectGivenByPathIsWritten() async throws {
        let (project, outside, cleanUp) = try projectWithOutside(["Sources/AViewModel.swift": InputSafetyTests.viewModel("A")])
        defer { cleanUp() }
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "json:../outside/report.json", "Sources"], in: project)
        #expect(result.status == 1, "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("report.json").path))
    }

    @Test func aCommittedBuildLinkDoesNotMoveTheCacheOutOfTheProject() async throws {
        let (project, outside, cleanUp) = try projectWithOutside(["Sources/AViewModel.swift": InputSafetyTests.viewModel("A")])
        defer { cleanUp() }
        try link(".build", in: project, to: "../outside")
        let result = try await mvvm.run(["lint", "Sources"], in: project)
        #expect(result.status == 1)
        #expect(result.error.contains("could not write the cache"), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    #if os(Linux)
    @Test func aLinkToAnotherNameOfStandardOutputAddsToItAndTruncatesNothing() async throws {
        let (project, _, cleanUp) = try projectWithOutside(["Sources/AViewModel.swift": InputSafetyTests.viewModel("A")])
        defer { cleanUp() }
        try link("report.json", in: project, to: "/proc/self/fd/1")
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "xcode", "--reporter", "json:report.json", "Sources"], in: project)
        #expect(result.status == 1, "\(result.error)")
        // The xcode report first, untouched, then the JSON report after it.
        #expect(result.output.hasPrefix("Sources/AViewModel.swift:4:13: warning: View model 'AViewModel' has no"), "\(result.output)")
        #expect(result.output.contains("(view-model-main-actor)\n[\n"), "\(result.output)")
        #expect(result.output.hasSuffix("]\n"), "\(result.output)")
    }
    #endif
}

extension Dictionary where Key == String {
    fileprivate func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
