import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

/// Discovery with folders read ahead on other threads finds what one thread finds, in the same
/// order, and the listings it reads answer the settings' question of nested configurations.
struct FolderReadAheadTests {
    /// A tree of `width` folders per level, `depth` levels deep, each with two Swift files and
    /// a file of another kind; also hidden, excluded, linked and looping folders.
    func tree(width: Int, depth: Int) throws -> URL {
        var files: [String: String] = [:]
        func fill(_ folder: String, level: Int) {
            files["\(folder)/A.swift"] = "struct A {}\n"
            files["\(folder)/b.swift"] = "struct B {}\n"
            files["\(folder)/notes.md"] = "-\n"
            guard level < depth else { return }
            for index in 0..<width {
                fill("\(folder)/F\(index)", level: level + 1)
            }
        }
        fill("Sources", level: 0)
        files["Sources/.build/Hidden.swift"] = "struct Hidden {}\n"
        files["Sources/Generated/Skipped.swift"] = "struct Skipped {}\n"
        files["Outside/Far.swift"] = "struct Far {}\n"
        let project = try temporaryProject(files)
        let manager = FileManager.default
        let sources = project.appendingPathComponent("Sources")
        // A link to a folder inside, one out of the tree, and one back to an ancestor.
        try manager.createSymbolicLink(atPath: sources.appendingPathComponent("F0/Again").path, withDestinationPath: "../F1")
        try manager.createSymbolicLink(atPath: sources.appendingPathComponent("Out").path, withDestinationPath: "../Outside")
        try manager.createSymbolicLink(atPath: sources.appendingPathComponent("F1/Loop").path, withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: sources.appendingPathComponent("F1/Broken.swift").path, withDestinationPath: "Missing.swift")
        return project
    }

    @Test(arguments: [1, 2, 4, 15])
    func discoveryWithReadAheadFindsWhatOneThreadFinds(helpers: Int) throws {
        let project = try tree(width: 4, depth: 3)
        defer { try? FileManager.default.removeItem(at: project) }
        var configuration = Configuration()
        configuration.rootDirectory = project.path
        configuration.excluded = ["Sources/Generated"]
        let paths = [project.appendingPathComponent("Sources").path]
        var alone: [String] = []
        let lone = FileDiscovery(paths: paths, configuration: configuration, keepsStamps: true, readAheadHelpers: 0) { folder, _ in
            alone.append(folder)
        }
        var listedAhead: [String] = []
        let ahead = FileDiscovery(paths: paths, configuration: configuration, keepsStamps: true, readAheadHelpers: helpers) { folder, _ in
            listedAhead.append(folder)
        }
        // Two Swift files in each of 85 folders; the links lead nowhere new.
        #expect(lone.found.count == 2 * (1 + 4 + 16 + 64))
        #expect(ahead.found == lone.found)
        #expect(ahead.inputs.map(\.stamp) == lone.inputs.map(\.stamp))
        #expect(ahead.notices == lone.notices)
        #expect(listedAhead == alone)
        #expect(!lone.found.contains { $0.contains("Hidden") || $0.contains("Skipped") || $0.contains("Far") })
        #expect(lone.notices.contains { $0.message.contains("Broken.swift") })
    }

    /// The walk discovery makes, reduced to its order: depth first, in name order, each folder
    /// taken from the read-ahead or read on the spot.
    func walk(_ start: String, helpers: Int, limit: Int, settlingFirst: Bool = false) -> (folders: [String], taken: Int) {
        let wanted: @Sendable (DirectoryListing.Entry) -> Bool = { $0.name.hasSuffix(".swift") }
        let subfolders: FolderReadAhead.Subfolders = { folder, entries in
            entries.filter { $0.kind == .directory }.map { (folder.path + "/" + $0.name, folder.absolute + "/" + $0.name) }
        }
        return FolderReadAhead.run(helpers: helpers, limit: limit, wanted: wanted, subfolders: subfolders) { readAhead in
            var seen: [String] = []
            var pending: [FolderReadAhead.Folder] = [(start, start)]
            while let next = pending.popLast() {
                let listing: DirectoryListing.Folder?
                if let taken = readAhead?.take(next.path) {
                    listing = taken
                } else {
                    listing = DirectoryListing.read(next.path, statusOf: wanted)
                    if let listing { readAhead?.submit(subfolders(next, listing.entries), below: listing.identity) }
                    if settlingFirst { readAhead?.untilRead() }
                }
                guard let listing else { continue }
                let statuses = listing.entries.compactMap { $0.status.map { "\($0.identity.inode)" } }
                seen.append(next.path + " " + listing.entries.map(\.name).joined(separator: ",") + " " + statuses.joined(separator: ","))
                pending.append(contentsOf: subfolders(next, listing.entries).reversed())
            }
            return (seen, readAhead?.taken ?? 0)
        }
    }

    @Test(arguments: [(1, FolderReadAhead.defaultLimit), (8, FolderReadAhead.defaultLimit), (8, 1), (8, 3), (3, 2)])
    func listingsReadAheadAreTheListingsReadInTurn(helpers: Int, limit: Int) throws {
        let project = try tree(width: 5, depth: 3)
        defer { try? FileManager.default.removeItem(at: project) }
        let start = project.appendingPathComponent("Sources").path
        let inTurn = walk(start, helpers: 0, limit: limit).folders
        #expect(inTurn.count == 1 + 5 + 25 + 125 + 1 + 1)
        for _ in 0..<5 {
            let ahead = walk(start, helpers: helpers, limit: limit).folders
            let firstDifference = ahead.indices.first { $0 >= inTurn.count || ahead[$0] != inTurn[$0] }
            #expect(ahead.count == inTurn.count && firstDifference == nil, "first different folder: \(firstDifference.map { ahead[$0] } ?? "none")")
        }
    }

    @Test(arguments: [1, 4])
    func theWalkTakesWhatTheHelpersRead(helpers: Int) throws {
        let project = try tree(width: 3, depth: 2)
        defer { try? FileManager.default.removeItem(at: project) }
        let start = project.appendingPathComponent("Sources").path
        let inTurn = walk(start, helpers: 0, limit: FolderReadAhead.defaultLimit).folders
        // The helpers read everything below the first folder before the walk goes on.
        let (ahead, taken) = walk(start, helpers: helpers, limit: FolderReadAhead.defaultLimit, settlingFirst: true)
        #expect(ahead == inTurn)
        #expect(taken == inTurn.count - 1)
    }

    @Test(arguments: [(1, 1, 0), (2, 2, 1), (16, 2, 1), (16, 16, 15), (64, 64, 15), (4, 16, 3), (0, 8, 0)])
    func helpersAreOneFewerThanTheJobsTheProcessorsRun(jobs: Int, cores: Int, helpers: Int) {
        #expect(FileDiscovery.readAheadHelpers(jobs: jobs, cores: cores) == helpers)
    }

    @Test func aListingShowsNoConfigurationOnlyWhereNoEntryCouldBeOne() {
        typealias Entry = DirectoryListing.Entry
        let showsNone = { (entries: [Entry]) in DirectoryListing.showsNo(ConfigurationLoader.fileName, among: entries) }
        #expect(showsNone([]))
        #expect(showsNone([Entry(name: "A.swift", kind: .regular), Entry(name: ".mvvm.yaml", kind: .regular)]))
        // Anything of that name is read (and refused if it is no configuration), a link or a folder too.
        #expect(!showsNone([Entry(name: ".mvvm.yml", kind: .regular)]))
        #expect(!showsNone([Entry(name: ".mvvm.yml", kind: nil)]))
        #expect(!showsNone([Entry(name: ".mvvm.yml", kind: .directory)]))
        // A file system that ignores case would take this for one.
        #expect(!showsNone([Entry(name: ".MVVM.yml", kind: .regular)]))
    }

    /// A resolver from the configuration at `project`'s root, asking the file system alone.
    func rootResolver(of project: URL) throws -> ConfigurationResolver {
        let loader = ConfigurationLoader(rules: .builtIn)
        return ConfigurationResolver(root: try loader.load(path: project.appendingPathComponent(".mvvm.yml").path), loader: loader)
    }

    /// A project in the triad style whose `Sources/Screens` folder chooses the responder style.
    func nestedProject() throws -> URL {
        try temporaryProject([
            ".mvvm.yml": "preset: triad\n",
            "Sources/Screens/.mvvm.yml": "preset: responder\n",
            "Sources/Screens/Home.swift": "struct Home {}\n",
            "Sources/Screens/Deep/Inner.swift": "struct Inner {}\n",
            "Sources/Other/.MVVM.yml": "preset: responder\n",
            "Sources/Other/Away.swift": "struct Away {}\n",
        ])
    }

    @Test func theListingsGiveEachFileTheSettingsTheFileSystemGives() throws {
        let project = try nestedProject()
        defer { try? FileManager.default.removeItem(at: project) }
        var options = ProjectSession.Options(tool: "t")
        options.paths = [project.path]
        options.caches = false
        options.jobs = 4
        let session = try ProjectSession(options, rules: .builtIn)
        let settings = session.configurationForFile
        let found = session.discover().found
        var resolver = try rootResolver(of: project)
        #expect(found.count == 3)
        for path in found {
            #expect(settings(path).preset == (try resolver.configuration(forFile: path)).preset, "\(path)")
        }
        // Where the file system minds case (Linux), `.MVVM.yml` is no configuration.
        #expect(settings(found.first { $0.hasSuffix("Home.swift") } ?? "").preset == .responder)
    }

    @Test func aPathGivenWithTwoDotsReportsNoListings() throws {
        let project = try tree(width: 2, depth: 1)
        defer { try? FileManager.default.removeItem(at: project) }
        var listed = 0
        let dotted = FileDiscovery(paths: [project.appendingPathComponent("Sources/F0").path + "/.."], configuration: Configuration(),
                                   keepsStamps: false, readAheadHelpers: 2) { _, _ in listed += 1 }
        let plain = FileDiscovery(paths: [project.appendingPathComponent("Sources").path], configuration: Configuration())
        #expect(dotted.found.count == plain.found.count && !plain.found.isEmpty)
        // After a link the system lists another folder than the text names: no answers from it.
        #expect(listed == 0)
    }

    @Test func theResolverAsksNothingOfAFolderListedWithoutAConfiguration() throws {
        let project = try nestedProject()
        defer { try? FileManager.default.removeItem(at: project) }
        var resolver = try rootResolver(of: project)
        // A folder listed without one is not asked again; the others are.
        resolver.listedWithoutConfiguration.insert(project.appendingPathComponent("Sources/Screens").path)
        #expect(try resolver.configuration(forFile: project.appendingPathComponent("Sources/Screens/Home.swift").path).preset == .triad)
        #expect(try resolver.configuration(forFile: project.appendingPathComponent("Sources/Screens/Deep/Inner.swift").path).preset == .triad)
        var asking = try rootResolver(of: project)
        #expect(try asking.configuration(forFile: project.appendingPathComponent("Sources/Screens/Home.swift").path).preset == .responder)
    }
}
