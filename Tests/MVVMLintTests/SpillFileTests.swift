import Foundation
import Testing
@testable import MVVMLint

/// The facts and pending findings of a run wait in a temporary file and come back as they went
/// in.
struct SpillFileTests {
    @Test func whatIsKeptComesBackFromTheFileAndFromTheBuffer() throws {
        let spill = try #require(SpillFile())
        // Chunks of many sizes, together several buffers' worth: some are read back from the
        // file, the last ones from the buffer not yet written.
        let chunks = (0..<600).map { index in (0..<(index * 37 % 3_000 + 1)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) } }
        let places = chunks.map { spill.keep($0) }
        #expect(chunks.reduce(0) { $0 + $1.count } > 3 * spill.bufferSize)
        #expect(places.contains { if case .spilled = $0 { true } else { false } })
        for (chunk, place) in zip(chunks, places) {
            #expect(spill.bytes(at: place) == chunk)
        }
    }

    @Test func workersReadTheirOwnChunksAtOnce() throws {
        let spill = try #require(SpillFile())
        let chunks = (0..<256).map { index in [UInt8](repeating: UInt8(index), count: 2_000 + index) }
        let places = chunks.map { spill.keep($0) }
        let matches = concurrentMap(count: chunks.count, jobs: 4) { spill.bytes(at: places[$0]) == chunks[$0] }
        #expect(matches.allSatisfy { $0 })
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/null")))
    func theBufferIsWrittenOutBeforeItOutgrowsItsRoom() throws {
        // Writes to `/dev/null` succeed, so every flush goes through.
        let descriptor = open("/dev/null", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let spill = SpillFile(descriptor: descriptor, bufferSize: 64)
        let room = spill.bufferCapacity
        for index in 0..<50 {
            _ = spill.keep([UInt8](repeating: UInt8(index), count: 10 + index % 31))
        }
        #expect(spill.bufferCapacity == room)
        // A chunk larger than the buffer goes through it, and the room shrinks back after.
        _ = spill.keep([UInt8](repeating: 7, count: 1_000))
        _ = spill.keep([UInt8](repeating: 8, count: 10))
        #expect(spill.bufferCapacity < 2 * 64)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aChunkThatFillsTheBufferWhenNoWriteSucceedsStillComesBack() throws {
        // Two chunks of exactly half the buffer: the second fills it, the flush after it fails,
        // and both are read back from the buffer; the third is held in memory.
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let spill = SpillFile(descriptor: descriptor, bufferSize: 64)
        let chunks = (1...3).map { [UInt8](repeating: UInt8($0), count: 32) }
        let places = chunks.map { spill.keep($0) }
        #expect(places.prefix(2).allSatisfy { if case .spilled = $0 { true } else { false } })
        #expect({ if case .held = places[2] { true } else { false } }())
        for (chunk, place) in zip(chunks, places) {
            #expect(spill.bytes(at: place) == chunk)
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aSpillThatCannotWriteKeepsEveryChunkInMemory() {
        // `/dev/full` fails every write with "no space left": the first flush fails, and every
        // chunk, before and after it, still comes back.
        let spill = SpillFile(descriptor: open("/dev/full", O_WRONLY | O_CLOEXEC), bufferSize: 64)
        let chunks = (0..<40).map { index in [UInt8](repeating: UInt8(index), count: 10 + index) }
        let places = chunks.map { spill.keep($0) }
        #expect(places.contains { if case .held = $0 { true } else { false } })
        for (chunk, place) in zip(chunks, places) {
            #expect(spill.bytes(at: place) == chunk)
        }
    }

    private func finding(_ line: Int, _ conditions: [RoleCondition]) -> PendingDiagnostic {
        PendingDiagnostic(
            Diagnostic(path: "Sources/Feed.swift", line: line, column: 3, ruleID: "layering", severity: .warning,
                       message: "View model 'FeedViewModel' holds the UI type 'Image' (\(line)).", hint: line.isMultiple(of: 2) ? "a hint" : nil),
            conditions: conditions
        )
    }

    @Test func findingsWhoseConditionsFailAreSkippedAndTheRestComeBackWhole() throws {
        let findings = (1...9).map { line in
            finding(line, line == 5 ? [] : [RoleCondition("Type\(line)", is: .viewModel, holds: line.isMultiple(of: 3))])
        }
        let spill = try #require(SpillFile())
        let encoded = ResultCollector.EncodedPending(places: [nil, spill.keep(ResultCollector.EncodedPending.encode(findings))], spill: spill)
        var asked: [[RoleCondition]] = []
        let kept = try encoded.pending(1) { conditions in
            asked.append(conditions)
            return conditions.allSatisfy { $0.holds }
        }
        #expect(asked == findings.map(\.conditions))
        #expect(kept == findings.filter { $0.conditions.allSatisfy(\.holds) })
        #expect(kept?.map(\.diagnostic.line) == [3, 5, 6, 9])
        // A file whose facts hold its findings has nothing encoded.
        #expect(try encoded.pending(0) { _ in true } == nil)
    }

    @Test func aSizedBlockReadsBackItsLengthAndItsBytes() throws {
        for length in [0, 1, 127, 128, 16_383, 16_384, 70_000] {
            var writer = BinaryWriter()
            writer.int(7)
            writer.sized { block in block.raw((0..<length).map { UInt8(truncatingIfNeeded: $0) }[...]) }
            writer.bool(true)
            var reader = BinaryReader(writer.bytes)
            #expect(try reader.int() == 7)
            let size = try reader.count()
            #expect(size == length)
            #expect(Array(writer.bytes[reader.position..<(reader.position + size)]) == (0..<length).map { UInt8(truncatingIfNeeded: $0) })
            try reader.skip(size)
            #expect(try reader.bool())
            #expect(reader.isAtEnd)
        }
    }

    @Test func aDamagedEncodingIsAnErrorNotFewerFindings() {
        var bytes = ResultCollector.EncodedPending.encode([finding(1, []), finding(2, [])])
        bytes.removeLast()
        let encoded = ResultCollector.EncodedPending(places: [.held(bytes)], spill: nil)
        #expect(throws: BinaryReader.Damaged.self) { try encoded.pending(0) { _ in true } }
        #expect(throws: BinaryReader.Damaged.self) { try encoded.pending(0) { _ in false } }
    }

    @Test func aLintWithoutACacheReportsWhatItsFactsWouldHave() throws {
        // `keepsFacts` off encodes and spills the pending findings; on, the facts hold them.
        let sources = [
            SourceInput(path: "Sources/App/ProfileView.swift", text: """
                import SwiftUI
                struct ProfileView: View {
                    var body: some View { DetailView(viewModel: DetailViewModel()) }
                }
                """),
            SourceInput(path: "Sources/App/DetailViewModel.swift", text: """
                import Observation
                @Observable final class DetailViewModel { var title = "" }
                """),
        ]
        var linter = Linter(jobs: 2, rules: .builtIn)
        let kept = linter.lint(sources, configurationForFile: { _ in Configuration() })
        linter.keepsFacts = false
        let spilled = linter.lint(sources, configurationForFile: { _ in Configuration() })
        #expect(!kept.diagnostics.isEmpty)
        #expect(spilled.diagnostics == kept.diagnostics)
    }
}
