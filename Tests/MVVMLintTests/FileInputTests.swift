import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

/// Files given to the linter by path are read on the workers, one at a time, and must lint
/// exactly as the same texts given in memory.
struct FileInputTests {
    /// This repository's examples and fixtures, as paths relative to the package root.
    static func exampleFiles() throws -> [String] {
        let root = MVVMExecutable.packageRoot
        var paths: [String] = []
        for folder in ["Examples/Login", "Examples/ItemList", "Fixtures"] {
            let base = root.appendingPathComponent(folder)
            let found = try #require(FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String], "\(folder) is missing")
            paths += found.filter { $0.hasSuffix(".swift") }.sorted().map { base.appendingPathComponent($0).path }
        }
        return paths
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func filesReadByTheWorkersLintAsTheirTextsInMemory() throws {
        let paths = try Self.exampleFiles()
        var settings = Configuration()
        settings.tests = ["**/Tests/**"]
        let configured = settings
        let inMemory = try paths.map { SourceInput(path: $0, text: try String(contentsOfFile: $0, encoding: .utf8)) }
        for jobs in [1, 3] {
            let linter = Linter(jobs: jobs, rules: .builtIn)
            let fromMemory = linter.lint(inMemory, configurationForFile: { _ in configured })
            let fromFiles = linter.lint(paths.map { SourceInput(path: $0) }, configurationForFile: { _ in configured })
            #expect(fromFiles.diagnostics == fromMemory.diagnostics)
            #expect(fromFiles.facts == fromMemory.facts, "facts in input order, whatever order the workers took the files in")
            #expect(fromFiles.fileCount == paths.count)
            #expect(fromFiles.notices.isEmpty)
        }
    }

    @Test func aFileThatCannotBeReadIsANoticeInInputOrderAndNotCounted() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("Good.swift").path
        let latin1 = folder.appendingPathComponent("Latin1.swift").path
        let missing = folder.appendingPathComponent("Missing.swift").path
        try "struct Good {}\n".write(toFile: good, atomically: true, encoding: .utf8)
        try Data([0x2F, 0x2F, 0x20, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: latin1))

        let result = Linter(jobs: 2, rules: .builtIn).lint(
            [latin1, good, missing].map { SourceInput(path: $0) }, configurationForFile: { _ in Configuration() }
        )
        #expect(result.fileCount == 1)
        #expect(result.facts.map(\.path) == [good])
        #expect(result.notices.map(\.path) == [latin1, missing])
        #expect(result.notices.allSatisfy { $0.ruleID == Notice.ioError.rawValue })
        #expect(result.notices.first?.message.contains("is not UTF-8 text; skipped") == true)

    }

    @Test func aByteOrderMarkIsLeftOutAsDiscoveryLeavesItOut() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Marked.swift").path
        let text = "import SwiftUI\n\nstruct V: View {\n    let vm = VViewModel()\n    var body: some View { Text(\"\") }\n}\n"
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: path))
        let fromFile = Linter(jobs: 1, rules: .builtIn).lint([SourceInput(path: path)], configurationForFile: { _ in Configuration() })
        let fromText = Linter(jobs: 1, rules: .builtIn).lint([SourceInput(path: path, text: text)], configurationForFile: { _ in Configuration() })
        #expect(fromFile.diagnostics == fromText.diagnostics)
        #expect(SourceInput(path: path).text == text)
    }

    @Test func aFixPassChecksTheFileAgainstTheHashOfWhatWasLinted() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ProfileViewModel.swift").path
        let text = "import Observation\n\n@Observable\nfinal class ProfileViewModel {\n    var name = \"\"\n}\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var options = ProjectSession.Options(tool: "t")
        options.paths = [folder.path]
        options.preset = .responder
        options.jobs = 1
        options.caches = false
        let session = try ProjectSession(options, rules: .builtIn)
        let discovery = session.discover()
        let result = session.analyze(discovery, with: Linter(jobs: 1, rules: .builtIn))
        let fixable = result.diagnostics.filter { $0.fix?.isEmpty == false }
        try #require(!fixable.isEmpty, "the example needs a fixable finding")
        #expect(result.contentHashes[path] == LintCache.hash(text))

        // Changed since it was linted: left alone.
        try (text + "// edited\n").write(toFile: path, atomically: true, encoding: .utf8)
        let stale = session.fix(result.diagnostics, contentHashes: result.contentHashes)
        #expect(stale.changedFiles == 0)
        #expect(stale.notFixed.map(\.path) == [path] && stale.notFixed.map(\.reason) == [.changedSinceLinted])

        // As it was linted: fixed.
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let fixed = session.fix(result.diagnostics, contentHashes: result.contentHashes)
        #expect(fixed.changedFiles == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) != text)
    }

    @Test func largeFilesGoAsTheBudgetAllowsAndSmallOnesFillTheTime() {
        // Two workers: 768 KB of large files (over 256 KB) at once.
        let budget = ParseBudget(workers: 2)
        #expect(budget.capacity == 768 << 10)
        let sizes = [30, 500_000, 10, 300_000, 70, 10, 2_000_000]
        let scheduler = FileScheduler(sizes: sizes, budget: budget)
        typealias Next = FileScheduler.Assignment
        // The largest goes first, alone, weighing at most the capacity.
        #expect(scheduler.take() == Next(index: 6, held: 768 << 10))
        // No room for the next large one: the smallest files fill the time.
        #expect(scheduler.take() == Next(index: 5, held: 0), "equal sizes keep input order, taken from the end")
        #expect(scheduler.take() == Next(index: 2, held: 0))
        budget.release(768 << 10)
        #expect(scheduler.take() == Next(index: 1, held: 500_000))
        // 500 KB and 300 KB would be over 768 KB together.
        #expect(scheduler.take() == Next(index: 0, held: 0))
        #expect(scheduler.take() == Next(index: 4, held: 0))
        budget.release(500_000)
        #expect(scheduler.take() == Next(index: 3, held: 300_000))
        #expect(scheduler.take() == nil)
        budget.release(300_000)
    }

    @Test func aWorkerLeftWithOnlyLargeFilesWaitsForTheBudget() {
        let budget = ParseBudget(workers: 2)
        let scheduler = FileScheduler(sizes: [600_000, 500_000], budget: budget)
        #expect(scheduler.take() == FileScheduler.Assignment(index: 0, held: 600_000))
        // Only a large file is left and the budget is full: the next take waits on another
        // thread until the first file's share is given back.
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var second: FileScheduler.Assignment?
        let thread = Thread {
            second = scheduler.take()
            done.signal()
        }
        thread.start()
        // Until the share is given back the other thread cannot have its file (a wait that can
        // only time out, or find the defect).
        #expect(done.wait(timeout: .now() + 0.2) == .timedOut)
        budget.release(600_000)
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(second == FileScheduler.Assignment(index: 1, held: 500_000))
        #expect(scheduler.take() == nil)
        budget.release(500_000)
    }

    @Test(arguments: [(1, 384 << 10), (2, 768 << 10), (16, 6 << 20), (64, FileDiscovery.sizeLimit)])
    func theBudgetGrowsWithTheWorkersUpToTheLargestFile(workers: Int, capacity: Int) {
        let budget = ParseBudget(workers: workers)
        #expect(budget.capacity == capacity)
        #expect(budget.weight(ofSize: 256 << 10) == 0)
        #expect(budget.weight(ofSize: (256 << 10) + 1) == min((256 << 10) + 1, capacity))
        #expect(budget.weight(ofSize: 100 << 20) == capacity)
        // One alone always goes ahead, however large.
        #expect(budget.tryAcquire(capacity))
        #expect(!budget.tryAcquire(300_000))
        budget.release(capacity)
        #expect(budget.tryAcquire(300_000))
        budget.release(300_000)
    }
}
