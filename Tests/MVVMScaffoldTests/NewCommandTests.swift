import CommandTestSupport
import Foundation
import Testing

/// Runs the real `mvvm new` and `mvvm template xcode`.
struct NewCommandTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-new-cli-\(UUID().uuidString)")

    /// Runs `mvvm` with `arguments` in a fresh temporary folder that has the test targets'
    /// folders `testFolders` (mvvm new writes tests only into a test target that exists).
    func run(_ arguments: [String], testFolders: [String] = ["Tests/AppTests", "Tests/ShopTests"]) async throws -> CommandRun {
        for folder in testFolders {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return try await BuiltCommand("mvvm").run(arguments, in: root)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    @Test func writesATriadScreenIntoTheSwiftPMLayout() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await run(["new", "Profile", "--output", "Sources/App"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == """
            wrote Sources/App/ProfileView.swift
            wrote Sources/App/ProfileViewModeling.swift
            wrote Sources/App/ProfileViewModel.swift
            wrote Tests/AppTests/ProfileViewModelTests.swift

            """)
        let tests = try String(contentsOf: root.appendingPathComponent("Tests/AppTests/ProfileViewModelTests.swift"), encoding: .utf8)
        #expect(tests.contains("@testable import App\n"))
    }

    @Test func refusesToOverwriteAndChangesNothing() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try await run(["new", "Profile", "--output", "Sources/App"]).status == 0)
        let viewModel = root.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        try "// edited by hand\n".write(to: viewModel, atomically: true, encoding: .utf8)

        let again = try await run(["new", "Profile", "--output", "Sources/App", "--style", "responder"])
        #expect(again.status == 2)
        #expect(again.error.hasPrefix("mvvm: these files exist (use --force to replace them): Sources/App/ProfileView.swift, Sources/App/ProfileViewModel.swift"))
        #expect(try String(contentsOf: viewModel, encoding: .utf8) == "// edited by hand\n")

        let forced = try await run(["new", "Profile", "--output", "Sources/App", "--style", "responder", "--force"])
        #expect(forced.status == 0)
        #expect(try String(contentsOf: viewModel, encoding: .utf8).contains("ActionSending"))
    }

    @Test(arguments: [
        (["new", "9Lives"], "mvvm: '9Lives' is not a valid screen name: it starts with a digit.\n"),
        (["new", "../Escape"], "mvvm: '../Escape' is not a valid screen name: use only ASCII letters, digits and underscores.\n"),
        (["new", "Login", "--style", "responder", "--dependencies", "provider"], "mvvm: --dependencies does not apply to the responder style.\n"),
    ])
    func badInputExitsWithTwoAndWritesNothing(_ arguments: [String], message: String) async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await run(arguments, testFolders: [])
        #expect(result.status == 2)
        #expect(result.error == message)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
    }

    @Test func anUnknownStyleIsAUsageErrorWithExitTwo() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await run(["new", "Login", "--style", "mvc"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("Error: The value 'mvc' is invalid for '--style <style>'. Please provide one of 'triad' and 'responder'."))
    }

    @Test func anUnknownDependencyPatternIsAUsageErrorWithExitTwo() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await run(["new", "Login", "--dependencies", "singleton"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("Error: The value 'singleton' is invalid for '--dependencies <dependencies>'. Please provide one of 'none', 'struct' or 'provider'."))
    }

    @Test func dryRunListsTheFilesAndWritesNothing() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await run(["new", "Cart", "--output", "Sources/Shop", "--dependencies", "provider", "--dry-run"])
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").map { $0.split(separator: " ")[2] } == [
            "Sources/Shop/CartView.swift", "Sources/Shop/CartViewModeling.swift", "Sources/Shop/CartViewModel.swift",
            "Tests/ShopTests/CartViewModelTests.swift", "Tests/ShopTests/MockCartViewModelDependencyProvider.swift",
        ])
        #expect(!exists("Sources"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Tests/ShopTests").path).isEmpty)
    }

    @Test func theStyleComesFromTheNearestConfiguration() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try "preset: responder\nheader: Made for the test.\n".write(to: root.appendingPathComponent(".mvvm.yml"), atomically: true, encoding: .utf8)
        #expect(try await run(["new", "Login", "--output", "Sources/App"]).status == 0)
        let viewModel = try String(contentsOf: root.appendingPathComponent("Sources/App/LoginViewModel.swift"), encoding: .utf8)
        #expect(viewModel.hasPrefix("// Made for the test.\n\n"))
        #expect(viewModel.contains("final class LoginViewModel: ActionSending"))
        #expect(!exists("Sources/App/LoginViewModeling.swift"))
    }

    @Test func aScreenInAnotherStyleThanThePresetGetsItsFoldersConfiguration() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try "preset: triad\ntests: [Tests]\n".write(to: root.appendingPathComponent(".mvvm.yml"), atomically: true, encoding: .utf8)

        let result = try await run(["new", "Login", "--style", "responder", "--output", "Sources/App/Login"])

        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("wrote Sources/App/Login/.mvvm.yml\n"))
        let nested = try String(contentsOf: root.appendingPathComponent("Sources/App/Login/.mvvm.yml"), encoding: .utf8)
        #expect(nested.hasSuffix("\npreset: responder\n"))
        // The package's linter now checks the screen by its own style, and finds nothing.
        let lint = try await BuiltCommand("mvvm").run(["lint", "Sources"], in: root)
        #expect(lint.status == 0, "\(lint.output)\(lint.error)")
    }

    @Test func aScreenInAnotherStyleIsNotWrittenAmongScreensOfThePresetsStyle() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try await run(["new", "Profile", "--output", "Sources/App"]).status == 0)

        let refused = try await run(["new", "Login", "--style", "responder", "--output", "Sources/App"])

        #expect(refused.status == 2)
        #expect(refused.error.contains("Write it into a folder of its own: mvvm new Login --style responder --output Sources/App/Login"),
                "\(refused.error)")
        #expect(!exists("Sources/App/.mvvm.yml"))
        #expect(!exists("Sources/App/LoginViewModel.swift"))
        // The command it names works, and the triad screen is still checked by its own style.
        #expect(try await run(["new", "Login", "--style", "responder", "--output", "Sources/App/Login"]).status == 0)
        let lint = try await BuiltCommand("mvvm").run(["lint", "--no-cache", "Sources"], in: root)
        #expect(lint.status == 0, "\(lint.output)\(lint.error)")
    }

    @Test func aFolderWithItsOwnConfigurationGetsANoteInstead() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        try "preset: triad\n".write(to: root.appendingPathComponent("Sources/App/.mvvm.yml"), atomically: true, encoding: .utf8)

        let result = try await run(["new", "Login", "--style", "responder", "--output", "Sources/App"])

        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasSuffix(
            "note: Sources/App/.mvvm.yml chooses a triad preset; the responder screen written here lints clean only with "
                + "`preset: responder` in it, or in a folder of its own.\n"
        ))
        #expect(try String(contentsOf: root.appendingPathComponent("Sources/App/.mvvm.yml"), encoding: .utf8) == "preset: triad\n")
    }

    @Test func aScreenInThePresetsStyleGetsNoConfiguration() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try "preset: triad\n".write(to: root.appendingPathComponent(".mvvm.yml"), atomically: true, encoding: .utf8)
        #expect(try await run(["new", "Login", "--style", "triad", "--output", "Sources/App"]).status == 0)
        #expect(!exists("Sources/App/.mvvm.yml"))
    }

    @Test func xcodeTemplatesAreWrittenOnceWithoutForce() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try await run(["template", "xcode", "--output", "Templates"])
        #expect(first.status == 0, "\(first.error)")
        #expect(exists("Templates/MVVM Triad Screen.xctemplate/TemplateInfo.plist"))
        #expect(exists("Templates/MVVM Responder Screen.xctemplate/___FILEBASENAME___ViewModel.swift"))
        #expect(try await run(["template", "xcode", "--output", "Templates"]).status == 2)
        #expect(try await run(["template", "xcode", "--output", "Templates", "--force"]).status == 0)
    }

    @Test func anOutputThatIsAFileIsNamedAsOne() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try "notes\n".write(to: root.appendingPathComponent("Templates"), atomically: true, encoding: .utf8)
        let result = try await run(["template", "xcode", "--output", "Templates"])
        #expect(result.status == 2)
        #expect(result.error.contains("Templates' is a file, not a folder"), "\(result.error)")
        #expect(!result.error.contains("NSCocoaErrorDomain"))
    }
}
