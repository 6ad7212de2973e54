import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

/// SARIF counts columns in the unit it declares, and a run with a baseline says what it hid.
struct ReportUnitsAndCountsTests {
    /// `é` is 2 UTF-8 bytes and 1 UTF-16 unit, `😀` 4 bytes and 2 units: 3 columns apart.
    static let viewModel = """
        import Observation

        /* é😀 */ @MainActor @Observable class SampleViewModel {}

        """

    @Test func utf16ColumnsCountCodeUnitsBeforeTheFinding() {
        let text = SourceText("ab\r\n/* é😀 */ x\nz")
        #expect(text.utf16Column(line: 1, column: 3) == 3)
        // "/* " 3, "é" 2 bytes, "😀" 4 bytes, " */ " 4: x is at byte column 14, UTF-16 column 11.
        #expect(text.utf16Column(line: 2, column: 14) == 11)
        #expect(text.utf16Column(line: 3, column: 1) == 1)
        #expect(text.utf16Column(line: 4, column: 1) == nil)
    }

    @Test func sarifColumnsAreUTF16WhereTheTextReporterCountsBytes() async throws {
        let mvvm = MVVMExecutable()
        let project = try temporaryProject(["Sources/App/SampleViewModel.swift": Self.viewModel])
        defer { try? FileManager.default.removeItem(at: project) }

        let run = try await mvvm.run(
            ["lint", "--no-cache", "--preset", "responder", "--reporter", "xcode", "--reporter", "sarif:lint.sarif", "Sources"], in: project
        )
        #expect(run.output == "Sources/App/SampleViewModel.swift:3:43: warning: View model 'SampleViewModel' is not final. (view-model-final)\n")
        let data = try Data(contentsOf: project.appendingPathComponent("lint.sarif"))
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let run0 = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect(run0["columnKind"] as? String == "utf16CodeUnits")
        let result = try #require((run0["results"] as? [[String: Any]])?.first)
        let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let region = try #require(location["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 3)
        #expect(region["startColumn"] as? Int == 40)
    }

    @Test func aBaselineRunSaysHowManyViolationsItHid() async throws {
        let mvvm = MVVMExecutable()
        let twoViolations = Self.viewModel.replacingOccurrences(of: "class SampleViewModel {}", with: "class SampleViewModel { var name = \"\" }")
        let project = try temporaryProject(["Sources/App/SampleViewModel.swift": twoViolations])
        defer { try? FileManager.default.removeItem(at: project) }
        let arguments = ["lint", "--no-cache", "--preset", "responder", "Sources"]

        let recorded = try await mvvm.run(arguments + ["--write-baseline", "mvvm-baseline.json"], in: project)
        #expect(recorded.output == "Recorded 2 violation(s) in mvvm-baseline.json.\n")

        let hidden = try await mvvm.run(arguments + ["--baseline", "mvvm-baseline.json"], in: project)
        #expect(hidden.status == 0)
        #expect(hidden.output == "No new violations; the baseline hid 2 known violations.\n")

        // A new finding: it is listed, and the summary still counts what the baseline hid.
        let file = project.appendingPathComponent("Sources/App/SampleViewModel.swift")
        try twoViolations.replacingOccurrences(of: "var name = \"\"", with: "var name = \"\"\n    var email = \"\"")
            .write(to: file, atomically: true, encoding: .utf8)
        let added = try await mvvm.run(arguments + ["--baseline", "mvvm-baseline.json"], in: project)
        #expect(added.status == 1)
        #expect(added.output.hasSuffix("1 error(s), 0 warning(s) not in the baseline; the baseline hid 2 known violations.\n"), "\(added.output)")

        // Other formats list only what is new; the count goes to standard error.
        let xcode = try await mvvm.run(arguments + ["--reporter", "xcode", "--baseline", "mvvm-baseline.json"], in: project)
        #expect(xcode.error == "note: the baseline hid 2 known violations.\n")
    }
}
