import CommandTestSupport
import Foundation
import MVVMScaffold
import Testing

/// Module and screen names at the edges: a keyword, letters beyond ASCII, a name too long for
/// the file system, and an output that is a file.
struct ScaffoldNameTests {
    let commands = NewCommandTests()

    @Test(arguments: [("class", "@testable import `class`\n"), ("café", "@testable import café\n"), ("my-app", "@testable import my_app\n")])
    func theTestsImportTheModuleAsSwiftSpellsIt(folder: String, line: String) async throws {
        defer { try? FileManager.default.removeItem(at: commands.root) }
        let testsFolder = "Tests/\(ModuleName(folderName: folder).text)Tests"
        let result = try await commands.run(["new", "Profile", "--output", "Sources/\(folder)", "--tests", testsFolder], testFolders: [testsFolder])
        #expect(result.status == 0, "\(result.error)")
        let tests = try String(contentsOf: commands.root.appendingPathComponent("\(testsFolder)/ProfileViewModelTests.swift"), encoding: .utf8)
        #expect(tests.contains(line), "\(tests.prefix(300))")
    }

    @Test func anExplicitKeywordModuleIsImportedInBackticks() async throws {
        defer { try? FileManager.default.removeItem(at: commands.root) }
        let result = try await commands.run(["new", "Profile", "--output", "Sources/App", "--module", "class"])
        #expect(result.status == 0, "\(result.error)")
        let tests = try String(contentsOf: commands.root.appendingPathComponent("Tests/AppTests/ProfileViewModelTests.swift"), encoding: .utf8)
        #expect(tests.contains("@testable import `class`\n"))
    }

    @Test(arguments: [161, 189, 235])
    func aNameTooLongForItsFilesIsRefusedUpFront(length: Int) async throws {
        defer { try? FileManager.default.removeItem(at: commands.root) }
        let name = "P" + String(repeating: "a", count: length - 1)
        let result = try await commands.run(["new", name, "--output", "Sources/App"])
        #expect(result.status == 2)
        #expect(result.error == "mvvm: '\(name)' is not a valid screen name: it is longer than 160 characters, too long for the file names made of it.\n")
    }

    @Test func theLongestNameAcceptedIsWritten() async throws {
        defer { try? FileManager.default.removeItem(at: commands.root) }
        let result = try await commands.run(["new", "P" + String(repeating: "a", count: 159), "--output", "Sources/App"])
        #expect(result.status == 0, "\(result.error)")
    }

    @Test func anOutputThatIsAFileIsNamedAsSuch() async throws {
        defer { try? FileManager.default.removeItem(at: commands.root) }
        try FileManager.default.createDirectory(at: commands.root, withIntermediateDirectories: true)
        try "x".write(to: commands.root.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = try await commands.run(["new", "Profile", "--output", "notes.txt", "--tests", "Tests/AppTests", "--module", "App"])
        #expect(result.status == 2)
        #expect(result.error == "mvvm: the output 'notes.txt' is a file, not a folder; give the folder to write the screen in.\n")
    }
}
