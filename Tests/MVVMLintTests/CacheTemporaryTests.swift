import CommandTestSupport
import Foundation
import Testing

/// Temporary cache files a killed run left behind are removed by a later run, once they are old
/// enough not to be another run's; anything else beside the cache is left alone.
struct CacheTemporaryTests {
    @Test func staleTemporariesAreRemovedAndFreshOnesKept() async throws {
        let project = try temporaryProject(["Sources/AViewModel.swift": InputSafetyTests.viewModel("A")])
        defer { try? FileManager.default.removeItem(at: project) }
        let folder = project.appendingPathComponent(".build/mvvm-cache")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stale = folder.appendingPathComponent(".facts.bin.mvvm-\(UUID().uuidString)")
        let fresh = folder.appendingPathComponent(".facts.bin.mvvm-\(UUID().uuidString)")
        let other = folder.appendingPathComponent(".facts.bin.mvvm-not-a-uuid")
        for file in [stale, fresh, other] {
            try Data("partial".utf8).write(to: file)
        }
        let twoHoursAgo = Date(timeIntervalSinceNow: -7_200)
        for file in [stale, other] {
            try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: file.path)
        }
        let result = try await MVVMExecutable().run(["lint", "Sources"], in: project)
        #expect(result.status == 1, "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("facts.bin").path))
    }
}
