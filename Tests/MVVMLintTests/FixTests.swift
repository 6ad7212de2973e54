import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

struct FixTests {
    static let broken = """
        import Observation

        @Observable
        class ProfileViewModel {
            var name = ""
        }

        """

    static let repaired = """
        import Observation

        @MainActor
        @Observable
        final class ProfileViewModel {
            private(set) var name = ""
        }

        """

    func temporaryFile(_ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("ProfileViewModel.swift")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func fixRewritesInPlaceKeepsPermissionsAndASecondRunChangesNothing() async throws {
        let mvvm = MVVMExecutable()
        let project = try temporaryProject(["Sources/App/ProfileViewModel.swift": Self.broken])
        defer { try? FileManager.default.removeItem(at: project) }
        let file = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        let arguments = ["lint", "--preset", "responder", "--fix", "Sources"]

        let first = try await mvvm.run(arguments, in: project)
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output == "No violations.\n")
        #expect(first.error == "Fixed 3 findings in 1 file; 0 have no fix; 0 left.\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.repaired)
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["ProfileViewModel.swift"])

        let second = try await mvvm.run(arguments, in: project)
        #expect(second.error == "Fixed 0 findings in 0 files; 0 have no fix; 0 left.\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.repaired)
    }

    @Test func aFileChangedSinceItWasLintedIsLeftAlone() throws {
        let file = try temporaryFile(Self.broken)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let editedMeanwhile = Self.broken + "// edited in an editor\n"
        try editedMeanwhile.write(to: file, atomically: true, encoding: .utf8)

        let outcome = FileFixer().fix(path: file.path, linted: Self.broken, edits: [TextEdit(offset: 0, length: 0, replacement: "// x\n")])
        #expect(outcome == .changedOnDisk)
        #expect(try String(contentsOf: file, encoding: .utf8) == editedMeanwhile)
    }

    @Test func aFixThatWouldNotParseIsNotWritten() throws {
        let file = try temporaryFile(Self.broken)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let breaking = TextEdit(offset: Self.broken.utf8.count - 2, length: 1, replacement: "")

        let outcome = FileFixer().fix(path: file.path, linted: Self.broken, edits: [breaking])
        #expect(outcome == .wouldNotParse)
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.broken)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["ProfileViewModel.swift"])
    }

    @Test func overlappingAndRepeatedEditsApplyOnce() {
        let insertion = TextEdit(offset: 0, length: 0, replacement: "final ")
        #expect(FileFixer.apply([insertion, insertion], to: "class A {}") == "final class A {}")
        // The first of two overlapping edits wins; the other is dropped, not merged.
        let edits = [TextEdit(offset: 2, length: 4, replacement: "overlaps"), TextEdit(offset: 0, length: 5, replacement: "struct")]
        #expect(FileFixer.apply(edits, to: "abcd class A {}") == "structclass A {}")
    }
}
