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
        let taken = collector.take(jobs: 2)
        #expect(taken.facts.map(\.path) == expected)
        #expect(taken.pending.places.count == expected.count)
    }

    @Test func testWordsAreCutAsTestFilesAreReadBackAndOtherFilesKeepTheirs() throws {
        let collector = ResultCollector(count: 3, encodesPending: true)
        var source = facts(0)
        source.enumCases = [EnumCaseFact(ownerType: "FeedViewModel", enumName: "Action", caseName: "refresh", line: 3, column: 14)]
        // A long name made from parts: each file holds its own copy until they are shared.
        let longName = { "FeedViewModel" + "TestDouble" }
        source.types = [TypeFact(name: longName(), qualifiedName: longName(), kind: .class, inherited: [], line: 1, column: 7)]
        var test = FileFacts(path: "Tests/FeedTests.swift", isTestFile: true)
        test.testReferences = CodeWords(["FeedViewModel", "refresh", "XCTAssertEqual", "unrelated"])
        test.types = [TypeFact(name: longName(), qualifiedName: longName(), kind: .class, inherited: [], line: 2, column: 7)]
        var added = FileFacts(path: "Tests/AddedTests.swift", isTestFile: true)
        added.testReferences = CodeWords(["refresh", "other"])
        collector.store(test, at: 1)
        collector.store(source, at: 0)
        collector.store(facts(2), at: 2)
        collector.append(added)
        var asked: [[String]] = []
        let paths = ["Sources/File0.swift", "Tests/FeedTests.swift", "Sources/File2.swift"].map { String(decoding: Array($0.utf8), as: UTF8.self) }
        let taken = collector.take(jobs: 2, sharingPathsOf: paths) { files in
            asked.append(files.map(\.path))
            // The stored test file is not read yet; the added one is whole.
            #expect(files[1].testReferences.isEmpty && files[3].testReferences.count == 2)
            return ["refresh", "FeedViewModel", "makeFeedViewModel"]
        }.facts
        #expect(asked == [["Sources/File0.swift", "Tests/FeedTests.swift", "Sources/File2.swift", "Tests/AddedTests.swift"]])
        #expect(taken.map(\.path) == asked[0])
        #expect(Array(taken[1].testReferences).sorted() == ["FeedViewModel", "refresh"])
        #expect(Array(taken[3].testReferences) == ["refresh"])
        #expect(taken[0].enumCases == source.enumCases)
        // The test file read back last still shares its path with the run and its names with
        // the other files.
        #expect(storage(of: taken[1].path) == storage(of: paths[1]))
        #expect(storage(of: taken[1].types[0].name) == storage(of: taken[0].types[0].name))
    }

    /// Where a string's bytes are; two strings with one storage give the same address.
    private func storage(of text: String) -> UnsafeRawPointer? {
        text.utf8.withContiguousStorageIfAvailable { $0.baseAddress.map(UnsafeRawPointer.init) } ?? nil
    }

    @Test func aTestFileIsToldApartBeforeItsFactsAreRead() throws {
        for (path, isTest) in [("Tests/FeedTests.swift", true), ("Sources/Feed.swift", false)] {
            let reader = BinaryReader(FileFacts(path: path, isTestFile: isTest).encoded)
            #expect(try FileFacts.testFilePath(from: reader) == (isTest ? path : nil))
        }
        let damaged = BinaryReader(Array(FileFacts(path: "Tests/FeedTests.swift", isTestFile: true).encoded.prefix(4)))
        #expect(throws: BinaryReader.Damaged.self) { try FileFacts.testFilePath(from: damaged) }
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
        let pending = collector.take().pending
        #expect(try pending.pending(0) { _ in true } == nil)
        #expect(try pending.pending(1) { _ in true }?.map(\.diagnostic) == [finding.diagnostic])
        #expect(try pending.pending(2) { _ in true } == nil)
    }

    @Test func aFingerprintNeedsEveryFilesPart() {
        let part = { (index: Int) in ProjectFingerprint.File(path: "Sources/File\(index).swift", contentHash: UInt64(index), configurationHash: 1) }
        let none = ResultCollector(count: 2)
        none.store(facts(0), at: 0)
        none.store(facts(1), at: 1)
        #expect(none.takeFingerprint() == nil)

        let some = ResultCollector(count: 2)
        some.store(facts(0), at: 0, fingerprint: part(0))
        some.store(facts(1), at: 1)
        #expect(some.takeFingerprint() == nil)

        let all = ResultCollector(count: 2)
        all.store(facts(1), at: 1, fingerprint: part(1))
        all.store(facts(0), at: 0, fingerprint: part(0))
        #expect(all.takeFingerprint()?.map(\.path) == ["Sources/File0.swift", "Sources/File1.swift"])

        #expect(ResultCollector(count: 0).takeFingerprint()?.isEmpty == true)
    }

    @Test func aFingerprintTakenIsHandedOverOnce() {
        let collector = ResultCollector(count: 1)
        collector.store(facts(0), at: 0, fingerprint: ProjectFingerprint.File(path: "Sources/File0.swift", contentHash: 7, configurationHash: 1))
        #expect(collector.takeFingerprint()?.map(\.contentHash) == [7])
        #expect(collector.takeFingerprint() == nil)
    }

    /// Facts that name something of every kind, and findings of their own.
    private func fullFacts(_ index: Int) -> FileFacts {
        var facts = facts(index)
        facts.imports = ["SwiftUI", "FeatureKit"]
        facts.types = [TypeFact(
            name: "FeedViewModel", qualifiedName: "FeedScreen.FeedViewModel", kind: .class, inherited: ["ObservableObject"],
            line: 3, column: 7, attributes: ["MainActor"], cases: [], isGeneric: true, storedTypes: ["FeedRepository"]
        )]
        facts.enumCases = [EnumCaseFact(ownerType: "FeedViewModel", enumName: "Action", caseName: "refresh", line: 9, column: 14)]
        facts.heldViewModels = [HeldViewModelFact(ownerType: "FeedView", typeName: "FeedViewModel", isGiven: true)]
        facts.boundMembers = ["query", "isShowingFilters"]
        facts.testReferences = CodeWords(["refresh", "FeedViewModel"])
        facts.pending = [PendingDiagnostic(
            Diagnostic(path: facts.path, line: 4, column: 2, ruleID: "layering", severity: .warning, message: "m"),
            conditions: [RoleCondition("FeedViewModel", is: .viewModel)]
        )]
        facts.notices = [Diagnostic(path: facts.path, line: 1, column: 1, ruleID: "parse-error", severity: .error, message: "n")]
        return facts
    }

    @Test(arguments: [false, true])
    func factsComeBackAsTheyWereStored(encodesPending: Bool) {
        let collector = ResultCollector(count: 3, encodesPending: encodesPending)
        for index in [2, 0, 1] {
            collector.store(fullFacts(index), at: index)
        }
        let taken = collector.take(jobs: 2)
        // Kept apart, the findings come back from their own places; otherwise inside the facts.
        let expected = (0..<3).map { index in
            var facts = fullFacts(index)
            if encodesPending { facts.pending = [] }
            return facts
        }
        #expect(taken.facts == expected)
        #expect(taken.pending.places.allSatisfy { ($0 != nil) == encodesPending })
    }

    @Test func factsHandedInEncodedAreKeptInsteadOfEncodedAgain() {
        // A run with a cache hands in the encoding it stored; the collector keeps that, so an
        // encoding of other facts comes back as those.
        let collector = ResultCollector(count: 1)
        collector.store(fullFacts(0), at: 0, encoded: fullFacts(1).encoded)
        #expect(collector.take().facts == [fullFacts(1)])
    }

    @Test func findingsKeptApartAreNotTakenFromAnEncodingThatHoldsThem() throws {
        // The cache's encoding holds the pending findings; kept apart, they must not come back
        // in the facts as well.
        let collector = ResultCollector(count: 1, encodesPending: true)
        let facts = fullFacts(0)
        collector.store(facts, at: 0, encoded: facts.encoded)
        let taken = collector.take()
        var withoutPending = facts
        withoutPending.pending = []
        #expect(taken.facts == [withoutPending])
        #expect(try taken.pending.pending(0) { _ in true } == facts.pending)
    }

    @Test func takingLetsGoOfWhatWasStored() {
        let collector = ResultCollector(count: 2, encodesPending: true)
        collector.store(fullFacts(0), at: 0)
        collector.append(fullFacts(1))
        #expect(collector.take().facts.count == 2)
        #expect(collector.take().facts.isEmpty)
    }
}
