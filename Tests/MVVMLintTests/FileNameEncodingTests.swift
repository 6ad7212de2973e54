import CommandTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Names that are not UTF-8 (Latin-1 from an old archive, say) can be listed but not named by a
/// path the tool holds: each is reported as what it is, by its own bytes.
struct FileNameEncodingTests {
    let mvvm = MVVMExecutable()

    /// Makes a file in `folder` whose name is `bytes`.
    static func makeFile(in folder: URL, named bytes: [UInt8]) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        let descriptor = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        try #require(descriptor >= 0, "\(String(cString: strerror(errno)))")
        close(descriptor)
    }

    /// Apple's file systems refuse such names.
    static let onLinux: Bool = {
        #if os(Linux)
        true
        #else
        false
        #endif
    }()

    @Test(.enabled(if: onLinux, "makes names that are not UTF-8"))
    func eachNameThatIsNotUTF8IsReportedByItsBytes() async throws {
        let project = try temporaryProject(["Sources/App/ProfileViewModel.swift": MVVMExecutable.viewModelMissingMainActor])
        defer { try? FileManager.default.removeItem(at: project) }
        let folder = project.appendingPathComponent("Sources/App")
        try Self.makeFile(in: folder, named: Array("caf".utf8) + [0xE9] + Array(".swift".utf8))
        try Self.makeFile(in: folder, named: Array("caf".utf8) + [0xE8] + Array(".swift".utf8))
        try Self.makeFile(in: folder, named: [0xFF] + Array(".txt".utf8))
        let result = try await mvvm.run(["lint", "--no-cache", "Sources"], in: project)
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.contains(#"'Sources/App/caf\xE9.swift' has a name that is not UTF-8, so it cannot be linted; rename it."#), "\(result.output)")
        #expect(result.output.contains(#"'Sources/App/caf\xE8.swift' has a name that is not UTF-8"#), "\(result.output)")
        #expect(!result.output.contains("broken symbolic link"))
        #expect(!result.output.contains("txt"))
        // The other files are linted as before.
        #expect(result.output.contains("ProfileViewModel.swift"))
    }
}
