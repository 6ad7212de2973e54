import CommandTestSupport
import Foundation
import MVVMLint
import Testing

/// Main-actor default isolation is read from the build description nearest above the linted
/// folder, in the shapes real packages and Xcode projects write it.
struct DefaultIsolationDetectorTests {
    let mvvm = MVVMExecutable()

    /// What `detect` says from `folder` inside a project made of `files`.
    func detected(_ files: [String: String], from folder: String = "") throws -> DefaultIsolation? {
        let project = try temporaryProject(files.merging(["\(folder)/.keep": ""]) { first, _ in first })
        defer { try? FileManager.default.removeItem(at: project) }
        return DefaultIsolationDetector.detect(from: project.appendingPathComponent(folder).path)
    }

    static func manifest(settings: String) -> String {
        """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "App",
            targets: [
                .target(
                    name: "App",
                    swiftSettings: [\(settings)]
                ),
            ]
        )

        """
    }

    static func pbxproj(_ buildSettings: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tA1B2C3 /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
        \(buildSettings)
        \t\t\t\tSWIFT_VERSION = 6.0;
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t};
        }

        """
    }

    @Test func aPackageThatSetsItForATargetIsMainActorFromAnyFolderInside() throws {
        let files = ["Package.swift": Self.manifest(settings: ".defaultIsolation(MainActor.self)")]
        #expect(try detected(files) == .mainActor)
        #expect(try detected(files, from: "Sources/App/Screens") == .mainActor)
    }

    @Test func theCompilerFlagCountsToo() throws {
        #expect(try detected(["Package.swift": Self.manifest(settings: #".unsafeFlags(["-default-isolation", "MainActor"])"#)]) == .mainActor)
        #expect(try detected(["Package.swift": Self.manifest(settings: #".unsafeFlags(["-default-isolation=MainActor"])"#)]) == .mainActor)
    }

    @Test func aPackageThatDoesNotSetItOrSaysNonisolatedIsNot() throws {
        #expect(try detected(["Package.swift": Self.manifest(settings: ".swiftLanguageMode(.v6)")]) == nil)
        #expect(try detected(["Package.swift": Self.manifest(settings: ".defaultIsolation(nil)")]) == nil)
        // Mentioned only in a comment.
        #expect(try detected(["Package.swift": "// .defaultIsolation(MainActor.self) later\n" + Self.manifest(settings: "")]) == nil)
    }

    @Test func anXcodeProjectWithTheBuildSettingIsMainActor() throws {
        let files = ["App.xcodeproj/project.pbxproj": Self.pbxproj("\t\t\t\tSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;")]
        #expect(try detected(files) == .mainActor)
        #expect(try detected(files, from: "App/Screens") == .mainActor)
    }

    @Test func anXcodeProjectWithoutItOrWithNonisolatedIsNot() throws {
        #expect(try detected(["App.xcodeproj/project.pbxproj": Self.pbxproj("")]) == nil)
        #expect(try detected(["App.xcodeproj/project.pbxproj": Self.pbxproj("\t\t\t\tSWIFT_DEFAULT_ACTOR_ISOLATION = nonisolated;")]) == nil)
    }

    @Test func aConditionalSettingAndAFlagListSpanningLinesCount() throws {
        let conditional = "\t\t\t\t\"SWIFT_DEFAULT_ACTOR_ISOLATION[sdk=iphoneos*]\" = MainActor;"
        #expect(try detected(["App.xcodeproj/project.pbxproj": Self.pbxproj(conditional)]) == .mainActor)
        let flags = """
            \t\t\t\tOTHER_SWIFT_FLAGS = (
            \t\t\t\t\t"-default-isolation",
            \t\t\t\t\tMainActor,
            \t\t\t\t);
            """
        #expect(try detected(["App.xcodeproj/project.pbxproj": Self.pbxproj(flags)]) == .mainActor)
    }

    @Test func anXcconfigBesideTheProjectCountsUnlessCommentedOut() throws {
        let project = ["App.xcodeproj/project.pbxproj": Self.pbxproj("")]
        let set = project.merging(["Configs/Shared.xcconfig": "SWIFT_VERSION = 6.0\nSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor\n"]) { $1 }
        #expect(try detected(set, from: "App") == .mainActor)
        let commented = project.merging(["Configs/Shared.xcconfig": "// SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor\n"]) { $1 }
        #expect(try detected(commented, from: "App") == nil)
    }

    @Test func aProjectOneFolderBelowTheLintedRootIsFound() throws {
        let files = ["ios/App.xcodeproj/project.pbxproj": Self.pbxproj("\t\t\t\tSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;")]
        #expect(try detected(files) == .mainActor)
    }

    @Test func theNearestBuildDescriptionWins() throws {
        // A local package without the setting, inside an app whose project sets it.
        let files = [
            "App.xcodeproj/project.pbxproj": Self.pbxproj("\t\t\t\tSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"),
            "Packages/Core/Package.swift": Self.manifest(settings: ""),
        ]
        #expect(try detected(files, from: "Packages/Core/Sources/Core") == nil)
        #expect(try detected(files, from: "App") == .mainActor)
    }

    @Test func nothingAboveMeansNoDefault() throws {
        #expect(try detected(["Sources/App/A.swift": "struct A {}\n"], from: "Sources/App") == nil)
    }

    /// An Xcode app made with Xcode 26's defaults: its view models say nothing about isolation.
    @Test func anXcodeAppWithTheDefaultLintsCleanAndWithoutItIsFlagged() async throws {
        let viewModel = """
            import Observation

            @Observable
            final class ProfileViewModel {
                private(set) var name = ""
            }

            """
        let withDefault = try temporaryProject([
            "App.xcodeproj/project.pbxproj": Self.pbxproj("\t\t\t\tSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"),
            "App/ProfileViewModel.swift": viewModel,
        ])
        defer { try? FileManager.default.removeItem(at: withDefault) }
        let clean = try await mvvm.run(["lint", "--no-cache"], in: withDefault)
        #expect(clean.error.isEmpty)
        #expect(!clean.output.contains("view-model-main-actor"), "\(clean.output)")

        let without = try temporaryProject([
            "App.xcodeproj/project.pbxproj": Self.pbxproj(""),
            "App/ProfileViewModel.swift": viewModel,
        ])
        defer { try? FileManager.default.removeItem(at: without) }
        let flagged = try await mvvm.run(["lint", "--no-cache"], in: without)
        #expect(flagged.status == 1)
        #expect(flagged.output.contains("error: View model 'ProfileViewModel' is not @MainActor"), "\(flagged.output)")
    }

    /// A repository's tooling manifest beside the app's Xcode project: the app's files are in
    /// no target of the manifest, so the project's setting applies to them.
    @Test func aToolingManifestBesideTheProjectLeavesTheAppToTheProject() async throws {
        let project = try temporaryProject([
            "Package.swift": Self.manifest(settings: ""),
            "App.xcodeproj/project.pbxproj": Self.pbxproj("\t\t\t\tSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"),
            "App/ProfileViewModel.swift": "import Observation\n\n@Observable\nfinal class ProfileViewModel {\n    private(set) var name = \"\"\n}\n",
            "Sources/App/ToolViewModel.swift": "import Observation\n\n@Observable\nfinal class ToolViewModel {\n    private(set) var name = \"\"\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await mvvm.run(["lint", "--no-cache", "--preset", "triad"], in: project)
        #expect(!result.output.contains("'ProfileViewModel' is not @MainActor"), "\(result.output)")
        // The manifest's own target is still built without the default.
        #expect(result.output.contains("'ToolViewModel' is not @MainActor"), "\(result.output)")
    }
}
