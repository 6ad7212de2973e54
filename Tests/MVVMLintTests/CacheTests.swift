import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

struct CacheTests {
    let mvvm = MVVMExecutable()

    static let files = [
        "Sources/App/A.swift": "struct A {}\n",
        "Sources/App/B.swift": "struct B {}\n",
        "Sources/App/ProfileViewModel.swift": "import Observation\n\n@Observable\nfinal class ProfileViewModel: ProfileViewModeling {\n    var name = \"\"\n}\n",
    ]

    /// How many files the run parsed and how many came from the cache, from `--timing`.
    func counts(_ arguments: [String], in project: URL) async throws -> (parsed: Int, cached: Int, output: String) {
        let result = try await mvvm.run(arguments + ["--timing"], in: project)
        let header = try #require(result.error.split(separator: "\n").first { $0.hasPrefix("Timing") })
        let numbers = header.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return (numbers[1], numbers[2], result.output)
    }

    @Test func aSecondRunParsesNothingAndAnEditReparsesOneFile() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let lint = ["lint", "--preset", "responder", "--reporter", "xcode", "Sources"]

        let cold = try await counts(lint, in: project)
        #expect((cold.parsed, cold.cached) == (3, 0))
        let warm = try await counts(lint, in: project)
        #expect((warm.parsed, warm.cached) == (0, 3))
        #expect(warm.output == cold.output, "cached findings are the same findings")
        #expect(warm.output.contains("(outputs-private-set)"))

        try "struct B { let b = 1 }\n".write(to: project.appendingPathComponent("Sources/App/B.swift"), atomically: true, encoding: .utf8)
        let edited = try await counts(lint, in: project)
        #expect((edited.parsed, edited.cached) == (1, 2))
    }

    @Test func otherSettingsMissTheCache() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        _ = try await counts(["lint", "--preset", "responder", "Sources"], in: project)
        let triad = try await counts(["lint", "--preset", "triad", "Sources"], in: project)
        #expect((triad.parsed, triad.cached) == (3, 0))
    }

    @Test func aCorruptCacheIsIgnoredAndRebuilt() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let lint = ["lint", "--preset", "responder", "--cache-path", "cache", "Sources"]
        let cold = try await counts(lint, in: project)
        let file = project.appendingPathComponent("cache/facts.bin")
        let valid = try Data(contentsOf: file)
        for damaged in [valid.prefix(valid.count / 2), Data("{\"format\": 1, garbage".utf8), valid + Data([0])] {
            try damaged.write(to: file)
            let afterCorruption = try await counts(lint, in: project)
            #expect((afterCorruption.parsed, afterCorruption.cached) == (3, 0))
            #expect(afterCorruption.output == cold.output)
            let rebuilt = try await counts(lint, in: project)
            #expect((rebuilt.parsed, rebuilt.cached) == (0, 3))
        }
    }

    @Test func noCacheNeitherReadsNorWrites() async throws {
        let project = try temporaryProject(Self.files)
        defer { try? FileManager.default.removeItem(at: project) }
        let lint = ["lint", "--no-cache", "--cache-path", "cache", "Sources"]
        _ = try await counts(lint, in: project)
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("cache").path))
    }

    @Test func anotherToolBuildDoesNotTrustTheCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("facts.bin")
        let sources = [SourceInput(path: "A.swift", text: "struct A {}\n")]
        let settings = Configuration()

        let first = LintCache(url: url, tool: "0.1.0+1", rules: .builtIn)
        _ = Linter(jobs: 1, rules: .builtIn).lint(sources, configurationForFile: { _ in settings }, cache: first)
        try first.save()
        let same = LintCache(url: url, tool: "0.1.0+1", rules: .builtIn)
        _ = Linter(jobs: 1, rules: .builtIn).lint(sources, configurationForFile: { _ in settings }, cache: same)
        #expect(same.hitCount == 1)

        let rebuilt = LintCache(url: url, tool: "0.1.0+2", rules: .builtIn)
        _ = Linter(jobs: 1, rules: .builtIn).lint(sources, configurationForFile: { _ in settings }, cache: rebuilt)
        #expect(rebuilt.hitCount == 0)
    }

    @Test func factsSurviveTheBinaryFormatUnchanged() throws {
        // Facts of real files with every kind of fact: this repository's examples and fixtures.
        let root = MVVMExecutable.packageRoot
        var sources: [SourceInput] = []
        for folder in ["Examples/Login", "Examples/ItemList", "Fixtures"] {
            let base = root.appendingPathComponent(folder)
            let paths = try #require(FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String], "\(folder) is missing")
            for path in paths where path.hasSuffix(".swift") {
                sources.append(SourceInput(path: folder + "/" + path, text: try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)))
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var settings = Configuration()
        settings.tests = ["Examples/*/Tests"]
        let configured = settings
        let writing = LintCache(url: folder.appendingPathComponent("facts"), tool: "t", rules: .builtIn)
        let cold = Linter(jobs: 1, rules: .builtIn).lint(sources, configurationForFile: { _ in configured }, cache: writing)
        try writing.save()
        let reading = LintCache(url: folder.appendingPathComponent("facts"), tool: "t", rules: .builtIn)
        let warm = Linter(jobs: 1, rules: .builtIn).lint(sources, configurationForFile: { _ in configured }, cache: reading)
        #expect(reading.hitCount == sources.count)
        #expect(warm.diagnostics == cold.diagnostics)
        #expect(!cold.diagnostics.isEmpty)
        // Filling the cache keeps the pending findings apart as a run without one does.
        let uncached = Linter(jobs: 2, rules: .builtIn).lint(sources, configurationForFile: { _ in configured })
        #expect(uncached.diagnostics == cold.diagnostics)
    }

    @Test func aCacheLargerThanOneWriteBlockReadsBackWhole() throws {
        // Many files of long names, so the cache file is written in several blocks.
        let names = (0..<40).map { "ARatherLongTypeNameForTheCacheFile\($0)" }
        let sources = (0..<400).map { file in
            SourceInput(path: "Sources/App/File\(file).swift", text: names.map { "struct \($0)\(file) { var value = 0 }\n" }.joined())
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("facts")
        let settings = Configuration()
        let writing = LintCache(url: url, tool: "t", rules: .builtIn)
        let cold = Linter(jobs: 2, rules: .builtIn).lint(sources, configurationForFile: { _ in settings }, cache: writing)
        try writing.save()
        let file = try [UInt8](Data(contentsOf: url))
        #expect(file.count > CacheFileFrame.writeBlockSize)
        #expect(CacheFileFrame.payload(of: file, magic: LintCache.magic) != nil, "the checksum holds")
        let reading = LintCache(url: url, tool: "t", rules: .builtIn)
        let warm = Linter(jobs: 2, rules: .builtIn).lint(sources, configurationForFile: { _ in settings }, cache: reading)
        #expect(reading.hitCount == sources.count)
        #expect(warm.diagnostics == cold.diagnostics)
    }

    /// Facts stored in a run wait in the cache's spill file until the cache is written: they are
    /// given back whole from there in the same run, and from the file in the next.
    @Test func factsStoredInARunAreGivenBackBeforeAndAfterTheCacheIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("facts")
        let settings = Configuration()
        // Enough to go past the spill file's buffer, so most are read back from the file.
        let stored = (0..<1_500).map { file in
            var facts = FileFacts(path: "Sources/App/File\(file).swift", isTestFile: file.isMultiple(of: 7))
            facts.imports = ["SwiftUI", "Module\(file)"]
            facts.types = (0..<(file % 9)).map { type in
                TypeFact(name: "Type\(file)x\(type)", qualifiedName: "Type\(file)x\(type)", kind: .class, inherited: ["ObservableObject"], line: type + 1, column: 1)
            }
            return facts
        }
        let writing = LintCache(url: url, tool: "t", rules: .builtIn)
        for (hash, facts) in stored.enumerated() {
            writing.store(encoded: facts.encoded, path: facts.path, contentHash: UInt64(hash), shapeDigest: 0, lookup: writing.lookUp(facts.path, configuration: settings), stamp: nil)
        }
        for (hash, facts) in stored.enumerated() {
            #expect(writing.facts(writing.lookUp(facts.path, configuration: settings), contentHash: UInt64(hash)) == facts)
        }
        try writing.save()
        let reading = LintCache(url: url, tool: "t", rules: .builtIn)
        for (hash, facts) in stored.enumerated() {
            #expect(reading.facts(reading.lookUp(facts.path, configuration: settings), contentHash: UInt64(hash)) == facts)
            #expect(reading.facts(reading.lookUp(facts.path, configuration: settings), contentHash: UInt64(hash) + 1) == nil)
        }
    }

    /// An entry whose head (its path) is longer than the part read to find it, and than the
    /// block the file is read through, is read whole.
    @Test func anEntryWithAHeadLongerThanItsReadingRoomIsFound() throws {
        let paths = ["Sources/A.swift", "Sources/" + String(repeating: "b", count: CacheFileSource.blockSize + 10) + ".swift", "Sources/C.swift"]
        let (folder, url) = try Self.savedCache(of: paths)
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = Configuration()
        let reading = LintCache(url: url, tool: "t", rules: .builtIn)
        for (hash, path) in paths.enumerated() {
            #expect(reading.facts(reading.lookUp(path, configuration: settings), contentHash: UInt64(hash))?.path == path)
        }
    }

    /// The cache file is read an entry at a time: one cut short after it was checked gives its
    /// lost entries' files to be linted again, and is not copied into a new cache.
    @Test func aCacheFileCutShortAfterItWasCheckedIsNotTrustedOrCopied() throws {
        let paths = (0..<200).map { "Sources/App/File\($0).swift" }
        let (folder, url) = try Self.savedCache(of: paths)
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = Configuration()
        let reading = LintCache(url: url, tool: "t", rules: .builtIn)
        let first = reading.lookUp(paths[0], configuration: settings), last = reading.lookUp(paths[199], configuration: settings)
        // Reused before the cut, so the new cache would keep it.
        #expect(reading.facts(last, contentHash: 199)?.path == paths[199])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(size / 4))
        try handle.close()
        #expect(reading.facts(first, contentHash: 0)?.path == paths[0], "an entry still there reads")
        #expect(reading.facts(reading.lookUp(paths[198], configuration: settings), contentHash: 198) == nil, "an entry cut off is linted again")
        Self.storeEmptyFacts(in: reading, path: "Sources/New.swift", hash: 1)
        #expect(throws: FileAccessError.self) { try reading.save() }
        let after = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(after == size / 4, "the cache was not replaced by one made of what could not be read")
    }

    /// A cache file with another link is written in place: the entries this run reads from it
    /// are copied aside before it is cut, so the new cache holds them whole.
    @Test func aHardLinkedCacheKeepsItsEntriesWhenItIsWrittenInPlace() throws {
        // Past one read block, so a read from the file being rewritten would come back wrong.
        let paths = (0..<3_000).map { "Sources/App/" + String(repeating: "x", count: 400) + "\($0).swift" }
        let (folder, url) = try Self.savedCache(of: paths)
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = Configuration()
        let link = folder.appendingPathComponent("facts-link")
        try FileManager.default.linkItem(at: url, to: link)
        let reusing = LintCache(url: url, tool: "t", rules: .builtIn)
        for (hash, path) in paths.enumerated() {
            #expect(reusing.facts(reusing.lookUp(path, configuration: settings), contentHash: UInt64(hash))?.path == path)
        }
        // Sorted before every other entry, so the new file's first bytes differ from the old's.
        Self.storeEmptyFacts(in: reusing, path: "Sources/A.swift", hash: 1)
        try reusing.save()
        let linked = try FileManager.default.attributesOfItem(atPath: link.path)[.size] as? Int
        let written = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        #expect(linked == written, "written through the link, in place")
        let reading = LintCache(url: url, tool: "t", rules: .builtIn)
        #expect(reading.facts(reading.lookUp("Sources/A.swift", configuration: settings), contentHash: 1)?.path == "Sources/A.swift")
        for (hash, path) in paths.enumerated() {
            #expect(reading.facts(reading.lookUp(path, configuration: settings), contentHash: UInt64(hash))?.path == path)
        }
    }

    /// Stores facts of nothing but `path` in `cache`, as made from a text of hash `hash`.
    static func storeEmptyFacts(in cache: LintCache, path: String, hash: Int) {
        cache.store(encoded: FileFacts(path: path, isTestFile: false).encoded, path: path, contentHash: UInt64(hash), shapeDigest: 0,
                    lookup: cache.lookUp(path, configuration: Configuration()), stamp: nil)
    }

    /// A cache saved in a new temporary folder (for the caller to remove) at `url`, holding facts
    /// of nothing but its path for each of `paths`, made from a text whose hash is its index.
    static func savedCache(of paths: [String]) throws -> (folder: URL, url: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-cache-\(UUID().uuidString)")
        let url = folder.appendingPathComponent("facts")
        let cache = LintCache(url: url, tool: "t", rules: .builtIn)
        for (hash, path) in paths.enumerated() {
            storeEmptyFacts(in: cache, path: path, hash: hash)
        }
        try cache.save()
        return (folder, url)
    }

    func setModified(_ url: URL, secondsAgo: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: url.path)
    }

    @Test func aSettledFileWithAnUnchangedStampIsNotReadAndAChangedOneIs() async throws {
        let project = try temporaryProject(["Sources/App/A.swift": "struct A {}\n"])
        defer { try? FileManager.default.removeItem(at: project) }
        let file = project.appendingPathComponent("Sources/App/A.swift")
        try setModified(file, secondsAgo: 100)
        let lint = ["lint", "Sources"]
        #expect(try await counts(lint, in: project).parsed == 1)
        let reused = try await mvvm.run(lint, in: project)
        #expect(reused.output == "No violations.\n")
        #expect(reused.error == "", "a run served wholly from the cache still found its files")
        #expect(try await counts(lint, in: project).cached == 1)

        // Same size, new time: the stamp differs, so the file is read and parsed again.
        try "struct B {}\n".write(to: file, atomically: true, encoding: .utf8)
        try setModified(file, secondsAgo: 50)
        #expect(try await counts(lint, in: project).parsed == 1)
    }

    @Test func aFileChangedWithinTheSameClockTickIsStillNoticed() async throws {
        let project = try temporaryProject(["Sources/App/A.swift": "struct A {}\n"])
        defer { try? FileManager.default.removeItem(at: project) }
        let file = project.appendingPathComponent("Sources/App/A.swift")
        let written = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
        let lint = ["lint", "Sources"]
        #expect(try await counts(lint, in: project).parsed == 1)

        // An edit that keeps the size and the time: only the content hash can tell.
        try "struct B {}\n".write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: file.path)
        #expect(try await counts(lint, in: project).parsed == 1)
    }

    @Test func fixingAFileTheCacheSparedFromReading() async throws {
        let source = "import Observation\n\n@MainActor\n@Observable\nclass ProfileViewModel: ProfileViewModeling {}\n"
        let project = try temporaryProject(["Sources/App/ProfileViewModel.swift": source])
        defer { try? FileManager.default.removeItem(at: project) }
        let file = project.appendingPathComponent("Sources/App/ProfileViewModel.swift")
        try setModified(file, secondsAgo: 100)
        _ = try await mvvm.run(["lint", "--preset", "responder", "Sources"], in: project)

        let fixed = try await mvvm.run(["lint", "--preset", "responder", "--fix", "Sources"], in: project)
        #expect(fixed.error == "Fixed 1 finding in 1 file; 0 have no fix; 0 left.\n")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("final class ProfileViewModel"))
    }
}
