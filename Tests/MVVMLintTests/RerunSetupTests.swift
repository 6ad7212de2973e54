import CommandTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import MVVMCommandLine
@testable import MVVMLint
import Testing

/// The work a re-run does before it reports stored findings: discovery's stamps stand for a
/// second `stat` of each file, folders are read through one open descriptor, and a file's
/// folder and module are found from its bytes where the path is clean.
struct RerunSetupTests {
    static let files = [
        "Sources/App/ProfileView.swift": "import SwiftUI\n\nstruct ProfileView: View {\n    @State var name = \"\"\n    var body: some View { Text(name) }\n}\n",
        "Sources/App/ProfileViewModel.swift": "import Observation\n\n@Observable\nclass ProfileViewModel {\n    var name = \"\"\n}\n",
        "Sources/App/README.md": "not Swift\n",
    ]

    /// A project whose files were last changed long enough ago for their stamps to count.
    func settledProject() throws -> URL {
        try CommandTestSupport.settledProject(Self.files)
    }

    func discover(_ project: URL, keepsStamps: Bool = true) -> FileDiscovery {
        FileDiscovery(paths: [project.appendingPathComponent("Sources").path], configuration: Configuration(), keepsStamps: keepsStamps)
    }

    /// Lints `inputs` with the cache in `project/cache`, as `mvvm lint` does.
    func lint(_ inputs: [SourceInput], in project: URL) throws -> LintResult {
        let cache = LintCache(url: project.appendingPathComponent("cache/facts.bin"), tool: "test", rules: .builtIn)
        var linter = Linter(jobs: 2, rules: .builtIn)
        linter.keepsFacts = false
        let result = linter.lint(inputs, configurationForFile: { _ in Configuration() }, cache: cache)
        try cache.save()
        return result
    }

    @Test func discoveryKeepsEachFilesStampOnlyWhenAskedTo() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let stamped = discover(project).inputs
        #expect(stamped.map { ($0.path as NSString).lastPathComponent } == ["ProfileView.swift", "ProfileViewModel.swift"])
        for input in stamped {
            #expect(input.stamp != nil)
            #expect(input.stamp == FileStamp(path: input.path))
        }
        #expect(discover(project, keepsStamps: false).inputs.allSatisfy { $0.stamp == nil })
        #expect(FileDiscovery(paths: [project.appendingPathComponent("Sources").path], configuration: Configuration()).inputs.allSatisfy { $0.stamp == nil })
    }

    @Test func aReRunTrustsTheStampDiscoveryTook() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let cold = try lint(discover(project).inputs, in: project)
        #expect(!cold.isStored)

        let warm = try lint(discover(project).inputs, in: project)
        #expect(warm.isStored)
        #expect(warm.diagnostics == cold.diagnostics)

        // Without a stamp, the file is asked.
        let unstamped = try lint(discover(project, keepsStamps: false).inputs, in: project)
        #expect(unstamped.isStored)

        // A stamp that differs from the stored one, though the file did not change: the stored
        // findings are not used, so the stamp given is the one compared.
        var inputs = discover(project).inputs
        inputs[1].stamp?.size += 1
        let checked = try lint(inputs, in: project)
        #expect(!checked.isStored)
        #expect(checked.diagnostics == cold.diagnostics)
    }

    @Test func aFileChangedAfterDiscoveryIsReportedAsDiscoverySawItAndAsItIsNextTime() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let cold = try lint(discover(project).inputs, in: project)
        #expect(cold.diagnostics.contains { $0.ruleID == "view-model-final" })

        // Discovery's stamps are taken; then the view model is made final, with a new stamp.
        let stale = discover(project).inputs
        let model = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        try "import Observation\n\n@Observable\nfinal class ProfileViewModel {\n    var name = \"\"\n}\n".write(to: model, atomically: true, encoding: .utf8)
        try settle(model, secondsAgo: 50)

        // A run is as of its discovery: the stamp it took is the one the cache knows.
        let during = try lint(stale, in: project)
        #expect(during.diagnostics == cold.diagnostics)

        // The next run's stamp differs, so the file is read again: nothing stale is kept.
        let next = try lint(discover(project).inputs, in: project)
        #expect(!next.isStored)
        #expect(!next.diagnostics.contains { $0.ruleID == "view-model-final" })
        let settled = try lint(discover(project).inputs, in: project)
        #expect(settled.isStored)
        #expect(settled.diagnostics == next.diagnostics)
    }

    @Test func textReadAfterDiscoveryIsStoredWithTheStampOfTheRead() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        _ = try lint(discover(project).inputs, in: project)
        let model = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        func write(_ text: String, changedAt seconds: Double) throws {
            try text.write(to: model, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: model.path)
        }
        // Discovery sees a first edit; a second edit lands before the file is read.
        let first = "import Observation\n\n@Observable\nclass ProfileViewModel {\n    var name = \"first\"\n}\n"
        try write(first, changedAt: 1_700_000_000)
        let stale = discover(project).inputs
        try write("import Observation\n\n@Observable\nfinal class ProfileViewModel {}\n", changedAt: 1_700_000_100)
        let during = try lint(stale, in: project)
        #expect(!during.diagnostics.contains { $0.ruleID == "view-model-final" })

        // The first edit comes back with its stamp (as `cp -p` brings it): the cache must not
        // take it for the text it read.
        try write(first, changedAt: 1_700_000_000)
        let after = try lint(discover(project).inputs, in: project)
        #expect(after.diagnostics.contains { $0.ruleID == "view-model-final" })
    }

    @Test func aSessionKeptForAnotherRunAsksTheFilesAgain() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        var options = ProjectSession.Options(tool: "test")
        options.paths = [project.appendingPathComponent("Sources").path]
        options.cachePath = project.appendingPathComponent("cache").path
        // A first session fills the cache, so the kept session's runs could report stored findings.
        let first = try ProjectSession(options, rules: .builtIn).lint(.init())
        #expect(first.diagnostics.contains { $0.ruleID == "view-model-final" })

        let session = try ProjectSession(options, rules: .builtIn)
        #expect(try session.lint(.init()).isStored)
        // Edited after the session walked the files: its next run reads the file again.
        let model = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        try "import Observation\n\n@Observable\nfinal class ProfileViewModel {\n    var name = \"\"\n}\n".write(to: model, atomically: true, encoding: .utf8)
        try settle(model, secondsAgo: 50)
        let again = try session.lint(.init())
        #expect(!again.isStored)
        #expect(!again.diagnostics.contains { $0.ruleID == "view-model-final" })
    }

    @Test func aFolderIsReadThroughOneDescriptor() throws {
        let project = try settledProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let folder = project.appendingPathComponent("Sources/App").path
        try FileManager.default.createDirectory(atPath: folder + "/Nested", withIntermediateDirectories: true)
        let read = try #require(DirectoryListing.read(folder) { $0.name.hasSuffix(".swift") })
        #expect(read.identity == FileIdentity(path: folder))
        #expect(read.entries.map(\.name) == ["Nested", "ProfileView.swift", "ProfileViewModel.swift", "README.md"])
        for entry in read.entries {
            let path = folder + "/" + entry.name
            if entry.name.hasSuffix(".swift") {
                let status = try #require(entry.status)
                #expect(status.identity == FileIdentity(path: path))
                #expect(FileStamp(status) == FileStamp(path: path))
            } else {
                #expect(entry.status == nil)
            }
        }
        #expect(DirectoryListing.read(folder + "/Missing") == nil)
    }

    @Test(arguments: [
        ("/b.swift", "/"), ("b.swift", ""), ("a/b.swift", "a/"), ("/x/y/z.swift", "/x/y/"), ("a//b.swift", "a//"),
    ])
    func aFilesWrittenFolderIsItsBytesUpToTheLastSlash(path: String, folder: String) {
        let length = PathText.writtenFolderLength(of: path)
        #expect(String(decoding: path.utf8.prefix(length), as: UTF8.self) == folder)
    }

    @Test func aFolderRunContinuesExactlyWhileTheWrittenFolderIsTheSameBytes() {
        let paths = [
            "a.swift", "b.swift", "/x/a.swift", "/x/b.swift", "/y/a.swift", "/x/c.swift", "/x/y/a.swift", "/x/z/a.swift",
            "/xy/a.swift", "/xy/b", "Caf\u{E9}/a.swift", "Cafe\u{301}/a.swift", "Cafe\u{301}/b.swift", "/", "/a.swift", "c.swift",
        ]
        var run = PathText.FolderRun()
        var previous: [UInt8]?
        for path in paths {
            let folder = Array(path.utf8.prefix(PathText.writtenFolderLength(of: path)))
            let expected = previous.map { $0 == folder } ?? false
            #expect(run.continues(with: path) == expected, "\(path)")
            previous = folder
        }
    }

    @Test func aFileReachedByManyPathsIsFoundOnce() throws {
        let project = try temporaryProject(["Sources/App/File.swift": "struct File {}\n"])
        defer { try? FileManager.default.removeItem(at: project) }
        let folder = project.appendingPathComponent("Sources/App").path
        try FileManager.default.createSymbolicLink(atPath: folder + "/Alias.swift", withDestinationPath: folder + "/File.swift")
        try FileManager.default.linkItem(atPath: folder + "/File.swift", toPath: folder + "/Hard.swift")
        var configuration = Configuration()
        configuration.rootDirectory = project.path
        let named = [folder + "/File.swift", folder + "/File.swift", folder, folder + "/./File.swift", folder + "/Alias.swift"]
        for jobs in [0, 2] {
            let found = FileDiscovery(paths: named, configuration: configuration, keepsStamps: true, readAheadHelpers: jobs).found
            #expect(found == [folder + "/File.swift"], "\(found)")
        }
    }

    @Test func aFolderKeyIsItsWrittenFolderByTheBytes() {
        typealias Key = PathText.FolderKey
        #expect(Key(of: "Sources/App/A.swift") == Key(of: String(decoding: Array("Sources/App/B.swift".utf8), as: UTF8.self)))
        #expect(Key(of: "Sources/App/A.swift").hashValue == Key(of: "Sources/App/B.swift").hashValue)
        #expect(Key(of: "A.swift") == Key(of: "B.swift"))
        // Equal as strings, two folders on disk.
        #expect(Key(of: "Caf\u{E9}/A.swift") != Key(of: "Cafe\u{301}/A.swift"))
        #expect(Key(of: "Sources/App/A.swift") != Key(of: "Sources/Apps/A.swift"))
        #expect(Key(of: "/x/A.swift") != Key(of: "x/A.swift"))
        let table: [Key: Int] = [Key(of: "Caf\u{E9}/A.swift"): 1, Key(of: "Cafe\u{301}/A.swift"): 2]
        #expect(table[Key(of: "Caf\u{E9}/B.swift")] == 1 && table[Key(of: "Cafe\u{301}/B.swift")] == 2)
    }

    @Test func aFileOfAKnownFolderTakesItsFoldersModuleAndSettings() throws {
        let project = try temporaryProject([
            "Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\"), .target(name: \"UI\")])\n",
            "Sources/Kit/A.swift": "struct A {}\n",
            "Sources/UI/B.swift": "struct B {}\n",
            "Sources/UI/.mvvm.yml": "preset: responder\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        var options = ProjectSession.Options(tool: "t")
        options.paths = [project.path]
        options.caches = false
        let session = try ProjectSession(options, rules: .builtIn)
        let kit = project.appendingPathComponent("Sources/Kit").path, ui = project.appendingPathComponent("Sources/UI").path
        // Files the walk did not find: in a folder it found files in, that folder's module and
        // settings; elsewhere, the first module and the root's settings.
        #expect(session.modules.module(of: ui + "/Later.swift").name == "UI")
        #expect(session.modules.module(of: kit + "/Later.swift").name == "Kit")
        #expect(session.modules.moduleIndex(of: project.path + "/Elsewhere/C.swift") == 0)
        #expect(session.configuration(forFile: ui + "/Later.swift").preset == .responder)
        #expect(session.configuration(forFile: kit + "/Later.swift").preset == session.root.preset)
        #expect(session.configuration(forFile: project.path + "/Elsewhere/C.swift").preset == session.root.preset)
    }

    @Test func filesOutsideAPackagesTargetsGetTheSameModulesFoundAheadOrNot() throws {
        let manifest = { (target: String) in
            "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"\(target)\")])\n"
        }
        let project = try temporaryProject([
            "Beside/Package.swift": manifest("Core"),
            "Beside/Sources/Core/A.swift": "struct A {}\n",
            "Beside/Scripts/B.swift": "struct B {}\n",
            "Beside/App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{}\n",
            "Below/Package.swift": manifest("Lib"),
            "Below/Tools/C.swift": "struct C {}\n",
            "Below/ios/Mobile.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{}\n",
            "Alone/Package.swift": manifest("Kit"),
            "Alone/Sources/Kit/D.swift": "struct D {}\n",
            "Alone/Extra/E.swift": "struct E {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let paths = ["Beside/Sources/Core/A.swift", "Beside/Scripts/B.swift", "Below/Tools/C.swift", "Alone/Sources/Kit/D.swift", "Alone/Extra/E.swift"]
            .map { project.appendingPathComponent($0).path }
        let alone = ModuleMap(paths: paths, roots: [project.path], jobs: 1)
        #expect(paths.map { alone.module(of: $0).name } == ["Core", "App", "Below", "Kit", "Alone"])
        for jobs in [2, 4] {
            let ahead = ModuleMap(paths: paths, roots: [project.path], jobs: jobs)
            #expect(paths.map { ahead.module(of: $0) } == paths.map { alone.module(of: $0) }, "jobs \(jobs)")
        }
    }

    @Test func filesOfInterleavedFoldersGetTheModulesTheyGetAlone() throws {
        let project = try temporaryProject([
            "Package.swift": """
                // swift-tools-version: 6.0
                import PackageDescription
                let package = Package(name: "Two", targets: [.target(name: "First"), .target(name: "Second")])
                """,
            "Sources/First/A.swift": "struct A {}\n",
            "Sources/First/B.swift": "struct B {}\n",
            "Sources/Second/C.swift": "struct C {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let first = project.appendingPathComponent("Sources/First").path
        let second = project.appendingPathComponent("Sources/Second").path
        let paths = [first + "/A.swift", second + "/C.swift", first + "/B.swift", first + "/A.swift"]
        let together = ModuleMap(paths: paths, roots: [project.path])
        #expect(paths.map { together.module(of: $0).name } == ["First", "Second", "First", "First"])
        for path in paths {
            #expect(together.module(of: path) == ModuleMap(paths: [path], roots: [project.path]).module(of: path))
        }
    }

    @Test func aListingSparesTheModuleFinderOnlyWhereItShowsNoBuildDescription() {
        typealias Entry = DirectoryListing.Entry
        let showsNone = { (entries: [Entry]) in ModuleMap.showsNoBuildDescription(among: entries) }
        #expect(showsNone([Entry(name: "Sources", kind: .directory), Entry(name: "README.md", kind: .regular)]))
        #expect(showsNone([]))
        // One shown is asked of the file system again: it may be a link leading nowhere, be
        // hidden from `stat` in a folder that cannot be entered, or be a name in another case.
        #expect(!showsNone([Entry(name: "Package.swift", kind: .regular)]))
        #expect(!showsNone([Entry(name: ".git", kind: .directory)]))
        #expect(!showsNone([Entry(name: ".git", kind: .regular)]), "a worktree's .git is a file")
        #expect(!showsNone([Entry(name: "App.xcodeproj", kind: nil)]))
        #expect(!showsNone([Entry(name: "App.xcworkspace", kind: .directory)]))
        #expect(!showsNone([Entry(name: "Package.swift", kind: nil)]))
        #expect(!showsNone([Entry(name: "package.swift", kind: .regular)]))
        #expect(!showsNone([Entry(name: ".GIT", kind: .directory)]))
    }

    @Test func modulesFoundWithTheListingsAreTheModulesFoundWithout() throws {
        let project = try temporaryProject([
            "Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n",
            "Sources/Kit/A.swift": "struct A {}\n",
            "App/App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{}\n",
            "App/Screens/B.swift": "struct B {}\n",
            "Tools/package.swift": "// not a manifest by name on a file system that minds case\n",
            "Tools/C.swift": "struct C {}\n",
            "Linked/D.swift": "struct D {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("Linked/Package.swift").path, withDestinationPath: "../Missing.swift")
        var withoutBuildDescription: Set<String> = []
        var listed: Set<String> = []
        let walked = FileDiscovery(paths: [project.path], configuration: Configuration(), keepsStamps: false) { folder, entries in
            listed.insert(folder)
            if ModuleMap.showsNoBuildDescription(among: entries) { withoutBuildDescription.insert(folder) }
        }
        #expect(withoutBuildDescription.contains(project.appendingPathComponent("App/Screens").path))
        // Listed, but left to the file system to answer.
        for folder in ["", "App", "Tools", "Linked"].map({ project.appendingPathComponent($0).path }) {
            #expect(listed.contains(folder) && !withoutBuildDescription.contains(folder))
        }
        for jobs in [1, 4] {
            let with = ModuleMap(paths: walked.found, roots: [project.path], jobs: jobs, listedWithoutBuildDescription: withoutBuildDescription)
            let without = ModuleMap(paths: walked.found, roots: [project.path], jobs: jobs)
            #expect(walked.found.map { with.module(of: $0) } == walked.found.map { without.module(of: $0) })
            #expect(with.modules == without.modules)
        }
    }

    @Test func aListingThatShowsNoBuildDescriptionIsTakenAtItsWord() throws {
        let project = try temporaryProject([
            "Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n",
            "Sources/Kit/A.swift": "struct A {}\n",
            "Sources/Kit/Inner/B.swift": "struct B {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let paths = ["Sources/Kit/A.swift", "Sources/Kit/Inner/B.swift"].map { project.appendingPathComponent($0).path }
        let plain = ModuleMap(paths: paths, roots: [project.path], jobs: 1)
        // Told the package's folder holds none, the finder does not look: its files lose the package.
        let denied = ModuleMap(paths: paths, roots: [project.path], jobs: 1, listedWithoutBuildDescription: [project.path])
        #expect(paths.map { denied.module(of: $0) } != paths.map { plain.module(of: $0) })
    }

    @Test func aCleanPathIsMadeAbsoluteByItsBytes() {
        #expect(PathText.cleanAbsolute("/a/b.swift", in: "/work") == "/a/b.swift")
        #expect(PathText.cleanAbsolute("a/b.swift", in: "/work") == "/work/a/b.swift")
        #expect(PathText.cleanAbsolute("/a/.hidden/b..swift", in: "/work") == "/a/.hidden/b..swift")
        for unclean in ["/a/./b.swift", "/a/../b.swift", "/a//b.swift", "/a/b/", "./b.swift", "../b.swift"] {
            #expect(PathText.cleanAbsolute(unclean, in: "/work") == nil)
        }
        // Foundation takes these prefixes off where the shorter path exists: it decides.
        for prefixed in ["/private/tmp/b.swift", "/private", "/var/automount/x/b.swift"] {
            #expect(PathText.cleanAbsolute(prefixed, in: "/work") == nil)
        }
        #expect(PathText.cleanAbsolute("b.swift", in: "/private/tmp") == nil)
        #expect(PathText.cleanAbsolute("/privateer/b.swift", in: "/work") == "/privateer/b.swift")
    }

    @Test func aNestedConfigurationReachesCleanAndUncleanSpellingsAlike() throws {
        let project = try temporaryProject([
            ".mvvm.yml": "preset: triad\n",
            "Sources/Screens/.mvvm.yml": "preset: responder\n",
            "Sources/Screens/Home.swift": "struct Home {}\n",
            "Sources/Other/Away.swift": "struct Away {}\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let loader = ConfigurationLoader(rules: .builtIn)
        let root = try loader.load(path: project.appendingPathComponent(".mvvm.yml").path)
        let screens = project.appendingPathComponent("Sources/Screens").path
        for spelling in [screens + "/Home.swift", project.path + "/Sources/./Screens/Home.swift", project.path + "/Sources/Other/../Screens/Home.swift"] {
            var resolver = ConfigurationResolver(root: root, loader: loader)
            #expect(try resolver.configuration(forFile: spelling).preset == .responder)
        }
        var resolver = ConfigurationResolver(root: root, loader: loader)
        #expect(try resolver.configuration(forFile: project.path + "/Sources/Other/Away.swift").preset == .triad)
    }

    @Test(arguments: [(1, 1), (2, 1), (3, 1), (4, 2), (8, 4), (16, 8), (64, 32), (200, 32)])
    func arenasAreOnePerTwoCores(cores: Int, arenas: Int) {
        #expect(AllocatorArenas.count(cores: cores) == arenas)
    }
}
