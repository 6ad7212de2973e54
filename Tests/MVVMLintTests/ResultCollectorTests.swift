import Testing
@testable import MVVMLint

/// Workers store files as they finish; the project phase reads them back in input order.
struct ResultCollectorTests {
    private func facts(_ index: Int) -> FileFacts {
        FileFacts(path: "Sources/File\(index).swift", isTestFile: false)
    }

    @Test func factsComeBackInInputOrderWhateverOrderTheyWereStoredIn() {
        let count = BlockList<Int>.blockSize + 10
        let collector = ResultCollector(count: count, encodesPending: true)
        // Stored from both ends, as two workers take files, with every seventh file missing.
        let order = (0..<count).map { $0.isMultiple(of: 2) ? $0 / 2 : count - 1 - $0 / 2 }
        for index in order where !index.isMultiple(of: 7) {
            collector.store(facts(index), at: index)
        }
        collector.append(facts(-1))
        let expected = (0..<count).filter { !$0.isMultiple(of: 7) }.map { "Sources/File\($0).swift" } + ["Sources/File-1.swift"]
        #expect(collector.facts.map(\.path) == expected)
        #expect(collector.pendingOfFacts.places.count == expected.count)
    }

    @Test func pendingFindingsStayWithTheirFile() throws {
        let collector = ResultCollector(count: 3, encodesPending: true)
        let finding = PendingDiagnostic(
            Diagnostic(path: "Sources/File1.swift", line: 4, column: 2, ruleID: "layering", severity: .warning, message: "m"),
            conditions: [RoleCondition("FeedViewModel", is: .viewModel)]
        )
        var withFinding = facts(1)
        withFinding.pending = [finding]
        collector.store(withFinding, at: 1)
        collector.store(facts(2), at: 2)
        collector.store(facts(0), at: 0)
        let pending = collector.pendingOfFacts
        #expect(try pending.pending(0) { _ in true } == nil)
        #expect(try pending.pending(1) { _ in true }?.map(\.diagnostic) == [finding.diagnostic])
        #expect(try pending.pending(2) { _ in true } == nil)
    }

    @Test func aFingerprintNeedsEveryFilesPart() {
        let part = { (index: Int) in ProjectFingerprint.File(path: "Sources/File\(index).swift", contentHash: UInt64(index), settingsHash: 1) }
        let none = ResultCollector(count: 2)
        none.store(facts(0), at: 0)
        none.store(facts(1), at: 1)
        #expect(none.fingerprint == nil)

        let some = ResultCollector(count: 2)
        some.store(facts(0), at: 0, fingerprint: part(0))
        some.store(facts(1), at: 1)
        #expect(some.fingerprint == nil)

        let all = ResultCollector(count: 2)
        all.store(facts(1), at: 1, fingerprint: part(1))
        all.store(facts(0), at: 0, fingerprint: part(0))
        #expect(all.fingerprint?.map(\.path) == ["Sources/File0.swift", "Sources/File1.swift"])

        #expect(ResultCollector(count: 0).fingerprint?.isEmpty == true)
    }
}
