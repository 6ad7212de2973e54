import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

struct BaselineTests {
    static let viewModel = """
        import Observation

        @Observable
        final class ProfileViewModel: ProfileViewModeling {
            var name = ""
        }

        """

    @Test func onlyNewViolationsFailAndEntriesSurviveEditsAbove() async throws {
        let mvvm = MVVMExecutable()
        let project = try temporaryProject(["Sources/App/ProfileViewModel.swift": Self.viewModel])
        defer { try? FileManager.default.removeItem(at: project) }
        let file = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        let arguments = ["lint", "--preset", "responder", "--reporter", "xcode", "Sources"]

        let before = try await mvvm.run(arguments, in: project)
        #expect(before.status == 1)

        let recorded = try await mvvm.run(arguments + ["--write-baseline", "mvvm-baseline.json"], in: project)
        #expect(recorded.status == 0)
        #expect(recorded.output == "Recorded 1 violation(s) in mvvm-baseline.json.\n")

        // Lines added above the violation: it is still the recorded one.
        try ("// A comment\n// and another\n\n" + Self.viewModel).write(to: file, atomically: true, encoding: .utf8)
        let shifted = try await mvvm.run(arguments + ["--baseline", "mvvm-baseline.json"], in: project)
        #expect(shifted.status == 0, "\(shifted.output)")
        #expect(shifted.output == "")
        #expect(shifted.error == "note: the baseline hid 1 known violation.\n")

        // A second output next to the first: only it is new.
        let twoOutputs = Self.viewModel.replacingOccurrences(of: "    var name = \"\"\n", with: "    var name = \"\"\n    var email = \"\"\n")
        try twoOutputs.write(to: file, atomically: true, encoding: .utf8)
        let added = try await mvvm.run(arguments + ["--baseline", "mvvm-baseline.json"], in: project)
        #expect(added.status == 1)
        #expect(added.output == "Sources/App/ProfileViewModel.swift:6:9: error: 'ProfileViewModel.email' can be set from outside the view model. (outputs-private-set)\n")

        // The recorded violation fixed: its entry is stale, and said so.
        try Self.viewModel.replacingOccurrences(of: "var name", with: "private(set) var name").write(to: file, atomically: true, encoding: .utf8)
        let fixed = try await mvvm.run(arguments + ["--baseline", "mvvm-baseline.json"], in: project)
        #expect(fixed.status == 0)
        #expect(fixed.error == """
            note: 1 baseline entry matches nothing any more (fixed or moved); run with --write-baseline mvvm-baseline.json to drop it:
              Sources/App/ProfileViewModel.swift: 'ProfileViewModel.name' can be set from outside the view model. [outputs-private-set]

            """)
    }

    @Test func ofEqualFindingsTheOneFarthestFromARecordedLineIsNew() {
        let recorded = Diagnostic(path: "A.swift", line: 10, column: 1, ruleID: "r", severity: .error, message: "same")
        let baseline = Baseline([recorded], relativeTo: ".")
        var moved = recorded
        moved.line = 12
        var added = recorded
        added.line = 40
        let applied = baseline.apply(to: [added, moved], relativeTo: ".")
        #expect(applied.new == [added])
        #expect(applied.covered == 1)
        #expect(applied.stale.isEmpty)
    }

    @Test func aBrokenBaselineFileIsAClearError() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json").path
        try "[1, 2]".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: BaselineError(path: path, problem: "is not a baseline written by `mvvm lint --write-baseline`")) {
            try Baseline.load(path: path)
        }
        let result = try await MVVMExecutable().run(["lint", "--baseline", path, "Examples/Counter"])
        #expect(result.status == 2)
        #expect(result.error == "mvvm: the baseline '\(path)' is not a baseline written by `mvvm lint --write-baseline`.\n")
    }
}
