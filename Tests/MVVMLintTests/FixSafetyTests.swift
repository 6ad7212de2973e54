import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--fix` on files that are links, have owners, attributes, other names, no write permission,
/// other line endings or a byte-order mark: the real file is fixed in place, or left alone with
/// a message.
struct FixSafetyTests {
    let mvvm = MVVMExecutable()
    static let arguments = ["lint", "--preset", "responder", "--fix", "--no-cache", "Sources"]

    // The C library's extended-attribute calls, which its Swift module does not export (Linux's
    // signatures; the test that uses them runs only there).
    typealias SetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer, Int, Int32) -> Int32
    typealias GetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer, Int) -> Int
    static let setAttribute = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setxattr"), to: SetAttribute.self)
    static let getAttribute = unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getxattr"), to: GetAttribute.self)

    func project(_ files: [String: String] = [:]) throws -> URL {
        try temporaryProject(files.merging(["Sources/App/ProfileViewModel.swift": FixTests.broken]) { $1 })
    }

    @Test func aSymbolicLinkIsFixedThroughToTheRealFileAndStaysALink() async throws {
        let project = try temporaryProject(["Real/ProfileViewModel.swift": FixTests.broken, "Sources/App/Other.swift": "struct Other {}\n"])
        defer { try? FileManager.default.removeItem(at: project) }
        let link = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../../Real/ProfileViewModel.swift")
        let result = try await mvvm.run(Self.arguments, in: project)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.error == "Fixed 3 findings in 1 file; 0 have no fix; 0 left.\n")
        #expect(OutputSafetyTests.kind(link) == S_IFLNK)
        #expect(try String(contentsOf: project.appendingPathComponent("Real/ProfileViewModel.swift"), encoding: .utf8) == FixTests.repaired)
    }

    @Test(.enabled(if: OutputSafetyTests.asRootOnLinux, "gives the file away and uses Linux's extended attributes"))
    func ownerGroupModeAttributesAndHardLinksAreKept() async throws {
        let project = try project()
        defer { try? FileManager.default.removeItem(at: project) }
        let file = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        let otherName = project.appendingPathComponent("Elsewhere.swift.txt")
        try FileManager.default.linkItem(at: file, to: otherName)
        #expect(chown(file.path, 4321, 8765) == 0)
        #expect(chmod(file.path, 0o640) == 0)
        let value = Array("kept".utf8)
        try #require(Self.setAttribute(file.path, "user.mvvm-test", value, value.count, 0) == 0, "extended attributes: \(String(cString: strerror(errno)))")
        var before = stat()
        stat(file.path, &before)

        let result = try await mvvm.run(Self.arguments, in: project)
        #expect(result.error == "Fixed 3 findings in 1 file; 0 have no fix; 0 left.\n")
        var after = stat()
        stat(file.path, &after)
        #expect((after.st_uid, after.st_gid, after.st_mode & 0o7777) == (4321, 8765, 0o640))
        #expect(after.st_ino == before.st_ino, "the same file, so its hard links still share it")
        #expect(try String(contentsOf: otherName, encoding: .utf8) == FixTests.repaired)
        var buffer = [UInt8](repeating: 0, count: 16)
        let length = Self.getAttribute(file.path, "user.mvvm-test", &buffer, buffer.count)
        #expect(length == value.count && Array(buffer.prefix(max(length, 0))) == value)
    }

    @Test func aReadOnlyFileIsNotFixedAndSaysSo() async throws {
        let project = try project()
        defer { try? FileManager.default.removeItem(at: project) }
        let file = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        #expect(chmod(file.path, 0o444) == 0)
        let result = try await mvvm.run(Self.arguments, in: project)
        #expect(result.status == 1)
        #expect(result.error == "warning: Sources/App/ProfileViewModel.swift was not fixed: it is read-only.\nFixed 0 findings in 0 files; 0 have no fix; 3 left (3: the file may not be replaced: it is read-only).\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == FixTests.broken)
    }

    @Test(arguments: ["\r\n", "\r"])
    func insertedLinesUseTheFilesOwnLineEndings(_ lineBreak: String) async throws {
        let project = try project()
        defer { try? FileManager.default.removeItem(at: project) }
        let file = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        try Data(FixTests.broken.replacingOccurrences(of: "\n", with: lineBreak).utf8).write(to: file)
        let result = try await mvvm.run(Self.arguments, in: project)
        #expect(result.error == "Fixed 3 findings in 1 file; 0 have no fix; 0 left.\n")
        #expect(try Data(contentsOf: file) == Data(FixTests.repaired.replacingOccurrences(of: "\n", with: lineBreak).utf8))
    }

    @Test func aFileWithAByteOrderMarkIsFixedAndKeepsIt() async throws {
        let project = try project()
        defer { try? FileManager.default.removeItem(at: project) }
        let file = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        try Data([0xEF, 0xBB, 0xBF] + Array(FixTests.broken.utf8)).write(to: file)
        let result = try await mvvm.run(Self.arguments, in: project)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.error == "Fixed 3 findings in 1 file; 0 have no fix; 0 left.\n")
        #expect(try Data(contentsOf: file) == Data([0xEF, 0xBB, 0xBF] + Array(FixTests.repaired.utf8)))
    }

    @Test func anEditMadeWhileTheFixIsWorkedOutIsKept() throws {
        let file = try FixTests().temporaryFile(FixTests.broken)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let edited = FixTests.broken + "// typed in an editor meanwhile\n"
        var fixer = FileFixer()
        // The moment after the result was checked to parse, just before it is written.
        fixer.beforeWriting = { try? edited.write(toFile: file.path, atomically: false, encoding: .utf8) }
        let outcome = fixer.fix(path: file.path, linted: FixTests.broken, edits: [TextEdit(offset: 0, length: 0, replacement: "// x\n")])
        #expect(outcome == .changedOnDisk)
        #expect(try String(contentsOf: file, encoding: .utf8) == edited)
    }

    /// A fix that makes the file longer, and one that makes it shorter.
    static let growingAndShrinking: [(edit: TextEdit, fixed: String)] = [
        (TextEdit(offset: 0, length: 0, replacement: "// added by the fix\n"), "// added by the fix\n// header\nstruct A {}\n"),
        (TextEdit(offset: 0, length: 10, replacement: ""), "struct A {}\n"),
    ]

    @Test(arguments: [0, 1, 2], 0..<2)
    func aLineAppendedWhileTheFixIsWrittenIsKept(step: Int, kind: Int) throws {
        let text = "// header\nstruct A {}\n"
        let file = try FixTests().temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let line = "// appended by a generator\n"
        var fixer = FileFixer()
        // Another program appending, as a log or generator does, at one point of the rewrite.
        fixer.duringWrite = { point in
            guard point == step else { return }
            let descriptor = open(file.path, O_WRONLY | O_APPEND)
            _ = line.withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
        }
        let (edit, fixed) = Self.growingAndShrinking[kind]
        #expect(fixer.fix(path: file.path, linted: text, edits: [edit]) == .fixed(edits: 1))
        #expect(try String(contentsOf: file, encoding: .utf8) == fixed + line)
    }

    @Test func editsFromADamagedCacheCannotTrapTheFixer() {
        let text = "struct A {}\n"
        let absurd = [TextEdit(offset: .max, length: 1, replacement: "x"), TextEdit(offset: 2, length: .max, replacement: "y"),
                      TextEdit(offset: -1, length: 0, replacement: "z"), TextEdit(offset: 0, length: 0, replacement: "final ")]
        #expect(FileFixer.apply(absurd, to: text) == "final struct A {}\n")
    }
}
