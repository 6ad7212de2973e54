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
    /// With `padding`, that many comment lines first (about 50 bytes each) make the file large
    /// while parsing stays quick.
    static func source(classes count: Int, padding: Int = 0) -> (broken: String, fixed: String) {
        let comments = String(repeating: "// A line of padding, as a generated file has many.\n", count: padding)
        var broken = comments + "import Observation\n", fixed = comments + "import Observation\n"
        for index in 0..<count {
            broken += "\n@Observable\nclass Screen\(index)ViewModel {\n    var name = \"\"\n}\n"
            fixed += "\n@MainActor\n@Observable\nfinal class Screen\(index)ViewModel {\n    private(set) var name = \"\"\n}\n"
        }
        return (broken, fixed)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var signal: Int32
        var step: Int
        var isLarge: Bool
        var testDescription: String { "signal \(signal) at step \(step), \(isLarge ? "a 1 MB file" : "a small file")" }
    }

    static let cases = [SIGTERM, SIGINT, SIGHUP].flatMap { signal in
        (0...2).flatMap { step in [false, true].map { Case(signal: signal, step: step, isLarge: $0) } }
    }

    @Test(arguments: cases)
    func theFileIsWhollyFixedWhenASignalComesDuringTheWrite(_ run: Case) async throws {
        let (broken, fixed) = run.isLarge ? Self.source(classes: 200, padding: 20_000) : Self.source(classes: 1)
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
