import CommandTestSupport
import Foundation
import Testing

/// Runs the real `mvvm` executable, as users and CI do.
struct LintCommandTests {
    let mvvm = MVVMExecutable()

    @Test func theRepositoryLintsClean() async throws {
        let result = try await mvvm.run(["lint"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output == "No violations.\n")
    }

    @Test func violationsExitWithOneAndNameFileLineColumnAndRule() async throws {
        let project = try temporaryProject([
            "Sources/App/ProfileViewModel.swift": "import Observation\n\n@Observable\nfinal class ProfileViewModel {\n    var name = \"\"\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--reporter", "xcode", "Sources"], in: project)
        #expect(result.status == 1)
        #expect(result.output == """
            Sources/App/ProfileViewModel.swift:4:13: warning: View model 'ProfileViewModel' has no 'ProfileViewModeling' protocol. (view-model-conformance)
            Sources/App/ProfileViewModel.swift:4:13: error: View model 'ProfileViewModel' is not @MainActor; its outputs must change on the main actor. (view-model-main-actor)

            """)
    }

    @Test func aFolderNamedExplicitlyIsLintedEvenOutsideIncluded() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": "preset: triad\nincluded: [Sources]\n",
            "Sources/A.swift": "struct A {}\n",
            "Tools/Sample/SampleViewModel.swift": "@Observable\nfinal class SampleViewModel {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let whole = try await mvvm.run(["lint", "."], in: project)
        #expect(whole.status == 0, "included limits a run over the root: \(whole.output)")
        let named = try await mvvm.run(["lint", "--preset", "responder", "--reporter", "xcode", "Tools"], in: project)
        #expect(named.status == 1)
        #expect(named.output.hasPrefix("Tools/Sample/SampleViewModel.swift:2:13: error:"), "\(named.output)")
    }

    @Test func anUnknownReporterIsAUsageErrorWithExitTwo() async throws {
        let result = try await mvvm.run(["lint", "--reporter", "html"])
        #expect(result.status == 2)
        #expect(result.error.contains("Unknown reporter 'html'; use one of text, xcode, json, github, sarif, junit"), "\(result.error)")
    }

    @Test(arguments: [["--reporter", "ht\u{1B}[2Jml"], ["--jobs", "4\u{1B}[2J"]])
    func aRefusedValueIsRepeatedWithItsControlCharactersEscaped(arguments: [String]) async throws {
        let result = try await mvvm.run(["lint"] + arguments)
        #expect(result.status == 2)
        #expect(!result.error.contains("\u{1B}") && result.error.contains("\\u{1B}[2J"), "\(result.error)")
    }

    @Test func anUnknownPresetIsAUsageErrorThatListsThePresets() async throws {
        let result = try await mvvm.run(["lint", "--preset", "mvc"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("Error: The value 'mvc' is invalid for '--preset <preset>'. Please provide one of 'triad' and 'responder'."))
        let help = try await mvvm.run(["lint", "--help"])
        #expect(help.output.contains("(values: triad,"), "\(help.output)")
    }

    @Test func severalReportersInOneRunEachToItsOwnPlace() async throws {
        let project = try temporaryProject([
            "Sources/App/ProfileViewModel.swift": "import Observation\n\n@Observable\nfinal class ProfileViewModel: ProfileViewModeling {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--preset", "responder", "--reporter", "xcode", "--reporter", "sarif:lint.sarif",
                              "--reporter", "junit:lint.xml", "--reporter", "github:annotations.txt", "Sources"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "")
        let sarif = try String(contentsOf: project.appendingPathComponent("lint.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"version\" : \"2.1.0\""))
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("lint.xml").path))
        #expect(try String(contentsOf: project.appendingPathComponent("annotations.txt"), encoding: .utf8) == "")
    }

    @Test func twoReportersOnStandardOutputAreAUsageError() async throws {
        let result = try await mvvm.run(["lint", "--reporter", "text", "--reporter", "json"])
        #expect(result.status == 2)
        #expect(result.error.contains("Only one reporter can print to standard output"))
    }

    @Test func anUnwritableReportFileStopsTheRunWithExitTwo() async throws {
        let result = try await mvvm.run(["lint", "--reporter", "sarif:/nonexistent-folder/lint.sarif", "Examples/Counter"])
        #expect(result.status == 2)
        #expect(result.error == "mvvm: the sarif report '/nonexistent-folder/lint.sarif' cannot be written (its folder does not exist).\n")
    }

    @Test func warningsFailOnlyWhenStrict() async throws {
        let project = try temporaryProject([
            "Sources/ProfileViewModel.swift": "@MainActor @Observable\nclass ProfileViewModel {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        #expect(try await mvvm.run(["lint", "."], in: project).status == 0)
        #expect(try await mvvm.run(["lint", "--strict", "."], in: project).status == 1)
    }

    @Test func anUnknownRuleInTheConfigurationStopsTheRunWithItsLocation() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": "preset: triad\nrules:\n  view-model-finall: off\n",
            "Sources/A.swift": "struct A {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "."], in: project)
        #expect(result.status == 2)
        #expect(result.error.contains(".mvvm.yml:3:3: error: unknown rule id 'view-model-finall'; did you mean 'view-model-final'?"))
    }

    @Test func aMissingPathIsAUsageError() async throws {
        let result = try await mvvm.run(["lint", "does/not/exist"])
        #expect(result.status == 2)
        #expect(result.error.contains("no such file or folder: does/not/exist"))
    }

    @Test func pathsFromAFileAreReadAndNothingElse() async throws {
        let project = try temporaryProject([
            "Sources/App/ProfileViewModel.swift": MVVMExecutable.viewModelMissingMainActor,
            "Sources/App/Clean.swift": "struct Clean {}\n",
            "Sources/Other/SettingsViewModel.swift": MVVMExecutable.viewModelMissingMainActor.replacingOccurrences(of: "Profile", with: "Settings"),
            "changed.txt": "Sources/App/ProfileViewModel.swift\nSources/App/Clean.swift\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--paths-from", "changed.txt", "--reporter", "xcode", "--no-cache"], in: project)
        #expect(result.status == 1)
        #expect(result.output.contains("Sources/App/ProfileViewModel.swift:4:13: error:"), "\(result.output)")
        #expect(!result.output.contains("SettingsViewModel"), "a file the list leaves out is not read")
    }

    @Test func pathsFromStandardInput() async throws {
        let project = try temporaryProject([
            "Sources/App/ProfileViewModel.swift": MVVMExecutable.viewModelMissingMainActor,
            "Sources/App/Clean.swift": "struct Clean {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let clean = try await mvvm.run(["lint", "--paths-from", "-", "--no-cache"], in: project, input: "Sources/App/Clean.swift\n")
        #expect(clean.status == 0)
        #expect(clean.output == "No violations.\n")
        let flagged = try await mvvm.run(
            ["lint", "--paths-from", "-", "--no-cache"], in: project, input: "Sources/App/ProfileViewModel.swift\n"
        )
        #expect(flagged.status == 1)
        #expect(flagged.output.contains("[view-model-main-actor]"))
    }

    @Test func anEmptyPathListReadsNothing() async throws {
        let project = try temporaryProject([
            "Sources/App/ProfileViewModel.swift": MVVMExecutable.viewModelMissingMainActor,
            "changed.txt": "",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--paths-from", "changed.txt", "--no-cache"], in: project)
        #expect(result.status == 0)
        #expect(result.output == "No violations.\n")
        #expect(result.error == "warning: no Swift files found under an empty path list.\n")
    }

    @Test func aMissingPathListOrAMissingListedPathIsAUsageError() async throws {
        let project = try temporaryProject(["list.txt": "Sources/Gone.swift\n"])
        defer { try? FileManager.default.removeItem(at: project) }
        let noList = try await mvvm.run(["lint", "--paths-from", "nowhere.txt"], in: project)
        #expect(noList.status == 2)
        #expect(noList.error.hasPrefix("mvvm: cannot read the path list 'nowhere.txt'"), "\(noList.error)")
        let gone = try await mvvm.run(["lint", "--paths-from", "list.txt"], in: project)
        #expect(gone.status == 2)
        #expect(gone.error.contains("no such file or folder: Sources/Gone.swift"))
    }

    @Test func unreadableInputIsReportedAndTheRunGoesOn() async throws {
        let project = try temporaryProject([
            "Sources/Good.swift": "struct Good {}\n",
            "Sources/Broken.swift": "struct Broken {\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: project.appendingPathComponent("Sources/Latin.swift"))
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("Sources/Dangling.swift").path, withDestinationPath: "nowhere.swift")
        let result = try await mvvm.run(["lint", "--reporter", "xcode", "Sources"], in: project)
        #expect(result.status == 0)
        #expect(result.output.contains("Sources/Latin.swift:1:1: warning: 'Sources/Latin.swift' is not UTF-8 text; skipped. (io-error)"))
        #expect(result.output.contains("Sources/Dangling.swift:1:1: warning: 'Sources/Dangling.swift' is a broken symbolic link. (io-error)"))
        #expect(result.output.contains("Sources/Broken.swift:1:16: warning: The file does not parse (expected '}' to end struct)"))
    }

    @Test func rulesMarkdownPrintsEveryRuleWithExamples() async throws {
        let result = try await mvvm.run(["rules", "--markdown"])
        #expect(result.status == 0)
        #expect(result.output.contains("## view-model-main-actor"))
        #expect(result.output.contains("### Does not trigger"))
    }
}
