import CommandTestSupport
import Foundation
import MVVMScaffold
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `mvvm new` and `mvvm template xcode` with hostile text and with links, FIFOs and devices
/// where their files are to go: nothing becomes code, nothing but a regular file is replaced.
struct ScaffoldSafetyTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-new-safety-\(UUID().uuidString)")

    func run(_ arguments: [String]) async throws -> CommandRun {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return try await BuiltCommand("mvvm").run(arguments, in: root)
    }

    /// The `S_IFMT` bits of what is at `path` (links not followed), 0 if nothing is.
    func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(root.appendingPathComponent(path).path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test(arguments: [
        "Copyright Example\rlet injected = 1",
        "Line one\r\nLine two",
        "Tricky \u{2028}let injected = 1",
        "Hidden \u{202E}txet",
        "Bell \u{07}",
    ])
    func aHeaderThatCouldEndItsCommentIsRefused(_ header: String) async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await run(["new", "Profile", "--output", "Sources/App", "--header", header])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("mvvm: the header cannot be used: it contains "), "\(result.error)")
        #expect(!result.error.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "the message prints no control character")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
    }

    @Test func aCarriageReturnInTheConfigurationsHeaderIsRefused() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try "header: \"Made here\\rlet injected = 1\"\n".write(to: root.appendingPathComponent(".mvvm.yml"), atomically: true, encoding: .utf8)
        let result = try await run(["new", "Profile", "--output", "Sources/App"])
        #expect(result.status == 2)
        #expect(result.error.contains("it contains a carriage return, which would end the comment"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources").path))
    }

    @Test func evenAnUncheckedHeaderStaysAComment() throws {
        let files = try ScreenScaffold(style: .responder).files(name: ScreenName("A"), module: "M", header: "x\rlet injected = 1")
        let first = try #require(files.first)
        #expect(first.contents.hasPrefix("// x\\u{D}let injected = 1\n\n"))
    }

    @Test func aModuleNameThatIsNotAnIdentifierIsRefused() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await run(["new", "Profile", "--output", "Sources/App", "--module", "App; let injected = 1"])
        #expect(result.status == 2)
        #expect(result.error == "mvvm: 'App; let injected = 1' is not a valid module name: use only letters, ASCII digits and underscores; name the module with --module.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
    }

    @Test func aModuleNameFromAFolderIsMadeAnIdentifierAsSwiftPMDoes() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Tests/my-appTests"), withIntermediateDirectories: true)
        let result = try await run(["new", "Profile", "--output", "Sources/my-app", "--style", "responder"])
        #expect(result.status == 0, "\(result.error)")
        let tests = try String(contentsOf: root.appendingPathComponent("Tests/my-appTests/ProfileViewModelTests.swift"), encoding: .utf8)
        #expect(tests.contains("@testable import my_app\n"))
    }

    @Test func aBrokenLinkWhereAFileGoesIsNeverReplaced() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Tests/AppTests"), withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("ProfileView.swift")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../../Elsewhere/Target.swift")
        for force in [false, true] {
            let result = try await run(["new", "Profile", "--output", "Sources/App"] + (force ? ["--force"] : []))
            #expect(result.status == 2)
            #expect(result.error.contains("ProfileView.swift' is a symbolic link; mvvm replaces only regular files, so nothing was written."), "\(result.error)")
            #expect(kind("Sources/App/ProfileView.swift") == S_IFLNK)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ProfileView.swift"])
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Elsewhere").path))
        }
    }

    @Test func aFIFOWhereATemplateGoesIsNeverReplaced() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Templates/MVVM Triad Screen.xctemplate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent("TemplateInfo.plist").path, 0o600) == 0)
        let result = try await run(["template", "xcode", "--output", "Templates", "--force"])
        #expect(result.status == 2)
        #expect(result.error.contains("TemplateInfo.plist' is a FIFO (named pipe); mvvm replaces only regular files"), "\(result.error)")
        #expect(kind("Templates/MVVM Triad Screen.xctemplate/TemplateInfo.plist") == S_IFIFO)
    }
}
