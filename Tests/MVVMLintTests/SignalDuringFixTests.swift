import CommandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A signal that ends `mvvm lint --fix` while it rewrites a file: the file holds the whole fixed
/// text afterwards, byte for byte, never part of each. The test executable sends the signal to
/// itself at a chosen step of the rewrite (`--signal-during-fix`), so every run hits the write
/// without any timing.
struct SignalDuringFixTests {
    static let arguments = ["lint", "--preset", "responder", "--fix", "--no-cache", "Sources"]

    /// `count` view models with the faults `--fix` corrects, and the text it corrects them to;
    /// the fixed text is longer, so the rewrite writes beyond the old end first, then the rest.
    static func source(classes count: Int) -> (broken: String, fixed: String) {
        var broken = "import Observation\n", fixed = "import Observation\n"
        for index in 0..<count {
            broken += "\n@Observable\nclass ProfileViewModel\(index) {\n    var name = \"\"\n}\n"
            fixed += "\n@MainActor\n@Observable\nfinal class ProfileViewModel\(index) {\n    private(set) var name = \"\"\n}\n"
        }
        return (broken, fixed)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var signal: Int32
        var step: Int
        var classes: Int
        var testDescription: String { "signal \(signal) at step \(step), \(classes) classes" }
    }

    static let cases = [SIGTERM, SIGINT, SIGHUP].flatMap { signal in
        (0...2).flatMap { step in [1, 2_000].map { Case(signal: signal, step: step, classes: $0) } }
    }

    @Test(arguments: cases)
    func theFileIsWhollyFixedWhenASignalComesDuringTheWrite(_ run: Case) async throws {
        let (broken, fixed) = Self.source(classes: run.classes)
        let project = try temporaryProject(["Sources/App/ProfileViewModels.swift": broken])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await BuiltCommand("mvvm-with-added-rules").run(
            ["--signal-during-fix=\(run.signal):\(run.step)", "--rule-set=built-in"] + Self.arguments, in: project
        )
        #expect(result.status == run.signal, "ended by the signal: \(result.status) \(result.error)")
        let text = try String(contentsOf: project.appendingPathComponent("Sources/App/ProfileViewModels.swift"), encoding: .utf8)
        #expect(text == fixed, "\(text.count) characters; the original has \(broken.count), the fixed text \(fixed.count)")
    }

    @Test func withoutASignalTheSameRunFixesTheSameText() async throws {
        let (broken, fixed) = Self.source(classes: 3)
        let project = try temporaryProject(["Sources/App/ProfileViewModels.swift": broken])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await BuiltCommand("mvvm").run(Self.arguments, in: project)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(try String(contentsOf: project.appendingPathComponent("Sources/App/ProfileViewModels.swift"), encoding: .utf8) == fixed)
    }
}
