import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

/// Two `--fix` runs over the same files at once (an editor's fix-on-save beside a terminal run,
/// two CI steps): they take turns on each file, so every file ends as one run's fixed text,
/// never with a run's new end written twice.
struct ConcurrentFixTests {
    @Test func aRunThatFindsTheFileLockedWaitsAndLeavesTheOtherRunsFixWhole() throws {
        let text = "// header\nstruct A {}\n"
        let file = try FixTests().temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let (edit, fixed) = FixSafetyTests.growingAndShrinking[0]
        var second = FileFixer()
        second.lockWait = .milliseconds(20)
        let secondOutcome = OutcomeBox()
        var first = FileFixer()
        // The worst moment: the first run has looked at the file for the last time and is about
        // to write; the second run does all of its fix now. Before the lock, the second run
        // wrote the fixed text, and the first then took its new end for appended lines.
        first.duringWrite = { point in
            guard point == 0 else { return }
            secondOutcome.value = second.fix(path: file.path, linted: text, edits: [edit])
        }
        #expect(first.fix(path: file.path, linted: text, edits: [edit]) == .fixed(edits: 1))
        #expect(secondOutcome.value == .refused("another program kept it locked for 0.02 seconds"))
        #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
    }

    @Test func aRunAfterTheLockIsLetGoSeesTheFixedTextAndLeavesIt() throws {
        let text = "// header\nstruct A {}\n"
        let file = try FixTests().temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let (edit, fixed) = FixSafetyTests.growingAndShrinking[0]
        #expect(FileFixer().fix(path: file.path, linted: text, edits: [edit]) == .fixed(edits: 1))
        // The second run read the file before the first one wrote it.
        #expect(FileFixer().fix(path: file.path, linted: text, edits: [edit]) == .changedOnDisk)
        #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
    }

    @Test func fourRunsAtOnceLeaveEveryFileFixedOnce() async throws {
        let count = 120
        var files: [String: String] = [:]
        for index in 0..<count {
            files["Sources/App/Screen\(index)ViewModel.swift"] = Self.named(FixTests.broken, index)
        }
        let project = try temporaryProject(files)
        defer { try? FileManager.default.removeItem(at: project) }
        let command = BuiltCommand("mvvm")
        let runs = try await withThrowingTaskGroup(of: CommandRun.self) { group in
            for _ in 0..<4 {
                group.addTask { try await command.run(FixSafetyTests.arguments, in: project) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for run in runs {
            #expect(run.status == 0 || run.status == 1, "\(run.error)")
        }
        for index in 0..<count {
            let file = project.appendingPathComponent("Sources/App/Screen\(index)ViewModel.swift")
            #expect(try String(contentsOf: file, encoding: .utf8) == Self.named(FixTests.repaired, index))
        }
    }

    /// `text` with its view model named for the file at `index`.
    static func named(_ text: String, _ index: Int) -> String {
        text.replacingOccurrences(of: "ProfileViewModel", with: "Screen\(index)ViewModel")
    }

    /// What the second fixer said, kept across the first fixer's callback.
    final class OutcomeBox: @unchecked Sendable {
        var value: FileFixer.Outcome?
    }
}
