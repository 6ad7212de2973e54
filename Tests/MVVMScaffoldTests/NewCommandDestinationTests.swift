import CommandTestSupport
import Foundation
import Testing

/// Where `mvvm new` writes tests, and the module they import, for any output folder.
struct NewCommandDestinationTests {
    let commands = NewCommandTests()

    @Test func aSubfolderOfAModuleGetsTheSameSubfolderOfItsTestTarget() async throws {
        defer { try? FileManager.default.removeItem(at: commands.root) }
        let result = try await commands.run(["new", "Settings", "--output", "Sources/App/SignIn"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == """
            wrote Sources/App/SignIn/SettingsView.swift
            wrote Sources/App/SignIn/SettingsViewModeling.swift
            wrote Sources/App/SignIn/SettingsViewModel.swift
            wrote Tests/AppTests/SignIn/SettingsViewModelTests.swift

            """)
        let tests = try String(contentsOf: commands.root.appendingPathComponent("Tests/AppTests/SignIn/SettingsViewModelTests.swift"), encoding: .utf8)
        #expect(tests.contains("@testable import App\n"))
    }

    @Test func aMissingTestTargetFolderIsRefusedWithWhatToPass() async throws {
        defer { try? FileManager.default.removeItem(at: commands.root) }
        let result = try await commands.run(["new", "Settings", "--output", "Sources/Shop/Cart"], testFolders: ["Tests/AppTests"])
        #expect(result.status == 2)
        #expect(result.error == """
            mvvm: the tests for module Shop would go to Tests/ShopTests, which does not exist; create that test target's folder, or pass --tests FOLDER (and --module NAME).

            """)
        #expect(!commands.exists("Sources"))
    }

    @Test func anOutputOutsideSourcesNeedsTestsAndModule() async throws {
        defer { try? FileManager.default.removeItem(at: commands.root) }
        let guessed = try await commands.run(["new", "Settings", "--output", "MyApp/Screens"])
        #expect(guessed.status == 2)
        #expect(guessed.error.hasPrefix("mvvm: MyApp/Screens is not inside Sources/MODULE, so the tests' folder and module are unknown; pass --tests FOLDER and --module NAME"))
        #expect(!commands.exists("MyApp"))

        let noModule = try await commands.run(["new", "Settings", "--output", "MyApp/Screens", "--tests", "MyAppTests"])
        #expect(noModule.status == 2)
        #expect(noModule.error == "mvvm: MyApp/Screens is not inside Sources/MODULE, so the module the tests import is unknown; pass --module NAME.\n")

        let told = try await commands.run(["new", "Settings", "--output", "MyApp/Screens", "--tests", "MyAppTests", "--module", "MyApp"])
        #expect(told.status == 0, "\(told.error)")
        let tests = try String(contentsOf: commands.root.appendingPathComponent("MyAppTests/SettingsViewModelTests.swift"), encoding: .utf8)
        #expect(tests.contains("@testable import MyApp\n"))
    }
}
