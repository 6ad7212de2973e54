import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What `mvvm lint` reads: folders with link loops, special files among the sources, nested
/// configurations, baselines, the cache and path lists. Nothing hangs, nothing is silently
/// ignored, nothing is trusted that should not be.
struct InputSafetyTests {
    let mvvm = MVVMExecutable()

    static func viewModel(_ name: String) -> String {
        MVVMExecutable.viewModelMissingMainActor.replacingOccurrences(of: "ProfileViewModel", with: "\(name)ViewModel")
    }

    /// The files with a `view-model-main-actor` error in xcode-format `output`, each as often
    /// as it is reported.
    static func reportedFiles(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasSuffix("(view-model-main-actor)") }.map { String($0.prefix { $0 != ":" }) }.sorted()
    }

    /// The view models with a `view-model-main-actor` error in `output`, each as often as it is reported.
    static func reportedViewModels(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasSuffix("(view-model-main-actor)") }
            .compactMap { $0.split(separator: "'").dropFirst().first.map(String.init) }.sorted()
    }

    // MARK: - Discovery

    @Test func directoryLinkLoopsAreWalkedOnceWithEveryFileOnce() async throws {
        let project = try temporaryProject([
            "Sources/A/AViewModel.swift": Self.viewModel("A"),
            "Sources/B/BViewModel.swift": Self.viewModel("B"),
            "Sources/C/CViewModel.swift": Self.viewModel("C"),
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let links = [
            "Sources/A/Up": "..",                // a link to an ancestor
            "Sources/B/ToC": "../C", "Sources/C/ToB": "../B",  // two links into each other
            "Sources/C/Self": ".",               // a link to its own folder
        ]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent(link).path, withDestinationPath: target)
        }
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "xcode", "Sources"], in: project)
        #expect(result.status == 1)
        // Each file once, under the first path that reached it (C through B's link, walked first).
        #expect(Self.reportedViewModels(result.output) == ["AViewModel", "BViewModel", "CViewModel"], "\(result.output)")
        #expect(Self.reportedFiles(result.output) == [
            "Sources/A/AViewModel.swift", "Sources/B/BViewModel.swift", "Sources/B/ToC/CViewModel.swift",
        ], "\(result.output)")
    }

    @Test func aFIFOOrADeviceAmongTheSourcesIsSkippedWithANotice() async throws {
        let project = try temporaryProject(["Sources/AViewModel.swift": Self.viewModel("A")])
        defer { try? FileManager.default.removeItem(at: project) }
        #expect(mkfifo(project.appendingPathComponent("Sources/Pipe.swift").path, 0o600) == 0)
        // `/dev/zero` would fill memory if read to its end.
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("Sources/Zero.swift").path, withDestinationPath: "/dev/zero")
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "xcode", "Sources"], in: project)
        #expect(result.status == 1)
        #expect(result.output.contains("Sources/Pipe.swift:1:1: warning: 'Sources/Pipe.swift' is a FIFO (named pipe), not a regular file; skipped. (io-error)"), "\(result.output)")
        #expect(result.output.contains("Sources/Zero.swift:1:1: warning: 'Sources/Zero.swift' is a character device, not a regular file; skipped. (io-error)"), "\(result.output)")
        #expect(result.output.contains("Sources/AViewModel.swift:4:13: error:"))
    }

    @Test func controlCharactersInFileNamesAreNeverPrinted() async throws {
        let name = "Sources/Evil\u{1B}]0;owned\u{07}\u{1B}[2J.swift"
        let project = try temporaryProject([name: Self.viewModel("Evil")])
        defer { try? FileManager.default.removeItem(at: project) }
        for reporter in ["text", "xcode", "github"] {
            let result = try await mvvm.run(["lint", "--no-cache", "--reporter", reporter, "Sources"], in: project)
            #expect(result.status == 1)
            #expect(result.output.contains("Evil\\u{1B}]0;owned\\u{7}\\u{1B}[2J.swift"), "\(reporter): \(result.output)")
            #expect(!result.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(reporter)")
        }
    }

    // MARK: - Configuration

    @Test(arguments: ["excluded: [Generated]\n", "included:\n  - Screens\n"])
    func includedOrExcludedInANestedConfigurationIsRejected(_ setting: String) async throws {
        let project = try temporaryProject([
            ".mvvm.yml": "preset: triad\n",
            "Sources/Feature/.mvvm.yml": "preset: responder\n" + setting,
            "Sources/Feature/Generated/AViewModel.swift": Self.viewModel("A"),
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--no-cache", "."], in: project)
        let key = setting.hasPrefix("excluded") ? "excluded" : "included"
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("mvvm: "))
        #expect(result.error.hasSuffix("Sources/Feature/.mvvm.yml:2:1: error: '\(key)' is not allowed in a nested configuration; list these paths in the root configuration (relative to its folder), or in a package's own: a .mvvm.yml beside a Package.swift\n"), "\(result.error)")
    }

    @Test(arguments: ["not UTF-8", "a folder", "a FIFO", "unreadable"])
    func anUnusableNestedConfigurationStopsTheRun(_ kind: String) async throws {
        let project = try temporaryProject([".mvvm.yml": "preset: triad\n", "Sources/Feature/AViewModel.swift": Self.viewModel("A")])
        defer { try? FileManager.default.removeItem(at: project) }
        let nested = project.appendingPathComponent("Sources/Feature/.mvvm.yml")
        let expected: String
        switch kind {
        case "not UTF-8":
            try Data([0x70, 0x72, 0xFF, 0xFE]).write(to: nested)
            expected = "it is not UTF-8 text"
        case "a folder":
            try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
            expected = "it is a folder, not a regular file"
        case "a FIFO":
            #expect(mkfifo(nested.path, 0o600) == 0)
            expected = "it is a FIFO (named pipe), not a regular file"
        default:
            // A link that leads nowhere stands for a file that cannot be opened, even by root.
            try FileManager.default.createSymbolicLink(atPath: nested.path, withDestinationPath: "missing.yml")
            expected = "it is a broken symbolic link"
        }
        let result = try await mvvm.run(["lint", "--no-cache", "."], in: project)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("mvvm: "))
        #expect(result.error.hasSuffix("Sources/Feature/.mvvm.yml: error: cannot read the configuration file: \(expected)\n"), "\(result.error)")
    }

    @Test func aRootConfigurationThatIsAFIFOStopsTheRunAtOnce() async throws {
        let project = try temporaryProject(["Sources/AViewModel.swift": Self.viewModel("A")])
        defer { try? FileManager.default.removeItem(at: project) }
        #expect(mkfifo(project.appendingPathComponent(".mvvm.yml").path, 0o600) == 0)
        let result = try await mvvm.run(["lint", "--no-cache", "Sources"], in: project)
        #expect(result.status == 2)
        #expect(result.error.hasSuffix(".mvvm.yml: error: cannot read the configuration file: it is a FIFO (named pipe), not a regular file\n"), "\(result.error)")
    }

    // MARK: - Baselines

    @Test func aBaselineWrittenOutsideTheSourcesWorksInAnotherCheckout() async throws {
        let files = [".mvvm.yml": "preset: responder\n", "Sources/App/ProfileViewModel.swift": BaselineTests.viewModel]
        let first = try temporaryProject(files), second = try temporaryProject(files)
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer {
            for folder in [first, second, elsewhere] { try? FileManager.default.removeItem(at: folder) }
        }
        let baseline = elsewhere.appendingPathComponent("baseline.json").path
        let recorded = try await mvvm.run(["lint", "--no-cache", "--write-baseline", baseline, "Sources"], in: first)
        #expect(recorded.status == 0, "\(recorded.error)")
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains("\"path\" : \"Sources/App/ProfileViewModel.swift\""), "\(text)")
        let other = try await mvvm.run(["lint", "--no-cache", "--baseline", baseline, "Sources"], in: second)
        #expect(other.status == 0, "\(other.output)\(other.error)")
        #expect(other.error == "")
    }

    /// The entry matches a finding, so before the check its distance to the finding's line
    /// overflowed and trapped.
    @Test(arguments: [Int.min, 0, Int.max])
    func aBaselineLineOutOfRangeIsRejectedNamingTheEntry(_ line: Int) async throws {
        let project = try temporaryProject([
            "Sources/App/ProfileViewModel.swift": BaselineTests.viewModel,
            "baseline.json": """
                {"version": 2, "entries": [
                  {"ruleID": "outputs-private-set", "path": "Sources/App/ProfileViewModel.swift", "message": "m", "line": 3},
                  {"ruleID": "outputs-private-set", "path": "Sources/App/ProfileViewModel.swift", "line": \(line),
                   "message": "'ProfileViewModel.name' can be set from outside the view model."}
                ]}
                """,
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--no-cache", "--preset", "responder", "--baseline", "baseline.json", "Sources"], in: project)
        #expect(result.status == 2)
        #expect(result.error == "mvvm: the baseline 'baseline.json' has a bad entry 2 (Sources/App/ProfileViewModel.swift, outputs-private-set): its line \(line) is outside 1...2147483647.\n", "\(result.error)")
    }

    @Test func aBaselineThatIsAFIFOOrAFolderIsRefusedAtOnce() async throws {
        let project = try temporaryProject(["Sources/App/ProfileViewModel.swift": BaselineTests.viewModel])
        defer { try? FileManager.default.removeItem(at: project) }
        #expect(mkfifo(project.appendingPathComponent("fifo.json").path, 0o600) == 0)
        try FileManager.default.createDirectory(at: project.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        for (name, problem) in [("fifo.json", "is a FIFO (named pipe), not a regular file"), ("folder.json", "is a folder, not a regular file")] {
            let result = try await mvvm.run(["lint", "--no-cache", "--baseline", name, "Sources"], in: project)
            #expect(result.status == 2)
            #expect(result.error == "mvvm: the baseline '\(name)' \(problem).\n")
        }
    }

    @Test func aVersionOneBaselineIsStillRead() async throws {
        let project = try temporaryProject([
            "Sources/App/ProfileViewModel.swift": BaselineTests.viewModel,
            // Version 1: paths relative to the baseline file's folder.
            "Sources/old.json": """
                {"version": 1, "entries": [{"ruleID": "outputs-private-set", "path": "App/ProfileViewModel.swift",
                  "message": "'ProfileViewModel.name' can be set from outside the view model.", "line": 5}]}
                """,
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--no-cache", "--preset", "responder", "--baseline", "Sources/old.json", "Sources"], in: project)
        #expect(result.status == 0, "\(result.output)\(result.error)")
    }

    // MARK: - Cache

    @Test func aCacheDamagedButWellFormedIsNotTrusted() async throws {
        let project = try temporaryProject(CacheTests.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let lint = ["lint", "--preset", "responder", "--cache-path", "cache", "--reporter", "xcode", "Sources"]
        let cold = try await CacheTests().counts(lint, in: project)
        #expect(cold.output.contains("can be set from outside the view model"))
        // The same length, so every length prefix still fits: only the text is wrong.
        let file = project.appendingPathComponent("cache/facts.bin")
        let damaged = try #require(String(data: try Data(contentsOf: file), encoding: .isoLatin1)?
            .replacingOccurrences(of: "can be set from outside", with: "CAN BE SET FROM OUTSIDE"))
        try #require(damaged.data(using: .isoLatin1)).write(to: file)
        let warm = try await CacheTests().counts(lint, in: project)
        #expect((warm.parsed, warm.cached) == (3, 0))
        #expect(warm.output == cold.output)
    }

    @Test func absurdNumbersInACacheEntryAreRejected() throws {
        for line in [-1, Int.max, Int.min] {
            var facts = FileFacts(path: "A.swift", isTestFile: false)
            facts.notices = [Diagnostic(path: "A.swift", line: line, column: 1, ruleID: "io-error", severity: .warning, message: "")]
            var writer = BinaryWriter()
            facts.write(to: &writer)
            var reader = BinaryReader(writer.bytes)
            #expect(throws: BinaryReader.Damaged.self) { try FileFacts(from: &reader) }
        }
    }

    @Test func withoutAConfigurationTheCacheLivesInTheCurrentFolder() async throws {
        let project = try temporaryProject(["Sources/App/A.swift": "struct A {}\n"])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "Sources/App"], in: project)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(".build/mvvm-cache/facts.bin").path))
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("Sources/App/.build").path))
    }

    // MARK: - Path lists

    @Test func aNULSeparatedListIsReadWithNamesExactlyAsWritten() async throws {
        let project = try temporaryProject([
            "Sources/My File.swift": Self.viewModel("Spaced"),
            "Sources/Line\nBreak.swift": Self.viewModel("Broken"),
            " lead.swift": Self.viewModel("Lead"),
            "Sources/Left.swift": Self.viewModel("Left"),
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let list = "Sources/My File.swift\0Sources/Line\nBreak.swift\0 lead.swift\0"
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "xcode", "--paths-from", "-"], in: project, input: list)
        #expect(result.status == 1)
        #expect(Self.reportedFiles(result.output) == [" lead.swift", "Sources/Line\\u{A}Break.swift", "Sources/My File.swift"], "\(result.output)")
        #expect(!result.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func aLineListKeepsSpacesAndAcceptsCRLF() async throws {
        let project = try temporaryProject([" lead.swift": Self.viewModel("Lead"), "Sources/A.swift": Self.viewModel("A")])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--no-cache", "--reporter", "xcode", "--paths-from", "-"], in: project, input: " lead.swift\r\nSources/A.swift\r\n")
        #expect(result.status == 1)
        #expect(Self.reportedFiles(result.output) == [" lead.swift", "Sources/A.swift"], "\(result.output)")
    }

    @Test(arguments: [("a.swift\n\nb.swift\n", "line 2"), ("\n", "line 1"), ("a.swift\0\0b.swift\0", "entry 2")])
    func anEmptyPathInAListIsAnError(_ list: String, place: String) async throws {
        let project = try temporaryProject(["a.swift": "struct A {}\n", "b.swift": "struct B {}\n"])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--no-cache", "--paths-from", "-"], in: project, input: list)
        #expect(result.status == 2)
        #expect(result.error == "mvvm: the path list '-' has an empty path at \(place)\n")
    }

    @Test func aMissingListedPathIsNamedWithoutItsControlCharacters() async throws {
        let project = try temporaryProject(["a.swift": "struct A {}\n"])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--no-cache", "--paths-from", "-"], in: project, input: "gone\u{1B}[2J.swift\0")
        #expect(result.status == 2)
        #expect(result.error == "mvvm: no such file or folder: gone\\u{1B}[2J.swift\n")
    }
}
