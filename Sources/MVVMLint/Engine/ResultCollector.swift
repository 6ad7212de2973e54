import Foundation

/// Gathers each worker's results in input order.
final class ResultCollector: @unchecked Sendable {
    // The stored properties are only touched while holding `lock`.
    private let lock = NSLock()
    /// Where each given file's entry is in `entries`; -1 until it is stored, and once taken.
    private var entryOfFile: [Int32]
    /// Each stored file's facts and pending findings, encoded, in the order workers finished
    /// them.
    private var entries = BlockList<Entry>()
    /// Each file's part of the project's fingerprint: empty until the first part is stored,
    /// which only a run with a cache does.
    private var fingerprintParts: [ProjectFingerprint.File?] = []
    /// Facts of files not read in this run, in the order they were added.
    private var appended: [FileFacts] = []
    private var unreadable: [(index: Int, notice: Diagnostic)] = []
    private var hashes: [String: UInt64] = [:]
    private var summed: [TimedWork: Duration] = [:]
    private var finishedCount = 0

    /// Whether pending findings are kept encoded apart from the facts until the project phase
    /// admits them: most are never reported (a condition on a role that no type has), and as
    /// values they were the largest share of a run's memory that grows with the files.
    let encodesPending: Bool
    /// Where encoded facts and pending findings wait, out of the process's memory; `nil` keeps
    /// them in it.
    private let spill: SpillFile?
    /// The one copy of each long name the facts share once they are read back.
    private let names = NameTable()

    /// A stored file: its facts encoded and, when the collector keeps them apart, its pending
    /// findings encoded.
    ///
    /// Facts are kept encoded until the project phase: as values, with an array and a string for
    /// each list and long name, they took several times the room, and they grow with the files
    /// while the largest syntax trees are still being parsed.
    private struct Entry {
        var facts: SpillFile.Place
        var pending: SpillFile.Place?
    }

    init(count: Int, encodesPending: Bool = false) {
        precondition(count < Int(Int32.max), "more files than a run can number")
        entryOfFile = Array(repeating: -1, count: count)
        self.encodesPending = encodesPending
        spill = encodesPending ? SpillFile() : nil
    }

    /// Stores the facts of the file at `index`, the hash of its text if a fix may need it, and
    /// its part of the project's fingerprint when the cache knows its text and settings.
    /// `encoded` is `facts` already encoded (as the cache keeps them), kept instead of encoding
    /// them again unless the file's pending findings are to be kept apart from its facts.
    func store(
        _ facts: FileFacts, at index: Int, encoded: [UInt8]? = nil, contentHash: UInt64? = nil,
        fingerprint: ProjectFingerprint.File? = nil
    ) {
        var facts = facts
        var pending: SpillFile.Place?
        var encoded = encoded
        if encodesPending && !facts.pending.isEmpty {
            pending = keep(EncodedPending.encode(facts.pending))
            facts.pending = []
            encoded = nil
        }
        let entry = Entry(facts: keep(encoded ?? facts.encoded), pending: pending)
        lock.withLock {
            precondition(entryOfFile[index] < 0, "a file's facts stored twice")
            entryOfFile[index] = Int32(entries.count)
            entries.append(entry)
            if let fingerprint {
                if fingerprintParts.isEmpty {
                    fingerprintParts = Array(repeating: nil, count: entryOfFile.count)
                }
                fingerprintParts[index] = fingerprint
            }
            if let contentHash {
                hashes[facts.path] = contentHash
            }
        }
    }

    /// Keeps encoded bytes (made at their own size) in the spill, or in memory.
    private func keep(_ bytes: [UInt8]) -> SpillFile.Place {
        spill?.keep(bytes) ?? .held(bytes)
    }

    /// Stores why the file at `index` could not be linted.
    func store(_ notice: Diagnostic, at index: Int) {
        lock.withLock { unreadable.append((index, notice)) }
    }

    /// Adds the facts of a file that was not read in this run (its stamp matched the cache).
    func append(_ facts: FileFacts) {
        var facts = facts
        names.share(&facts)
        lock.withLock {
            appended.append(facts)
        }
    }

    /// Counts one more finished file and returns how many are finished.
    func finished() -> Int {
        lock.withLock {
            finishedCount += 1
            return finishedCount
        }
    }

    func merge(_ timings: [TimedWork: Duration]) {
        lock.withLock { summed.merge(timings, uniquingKeysWith: +) }
    }

    /// The stored facts in input order, then those added with ``append(_:)``, and their pending
    /// findings as the collector kept them, in the same order; `jobs` workers decode the facts.
    /// Each stored file's path is the one `paths` gives at its index where the two are equal, so
    /// the run holds each path once. Taken when the file phase is over: the collector lets go of
    /// what it hands over.
    ///
    /// With `testWordsAsked`, each test file keeps only the words it returns for the facts of the
    /// files that are not tests (``CodeWords/keeping(_:)``). A stored test file is decoded once
    /// those words are known, and cut as it is decoded: every test file's words whole, all at
    /// once, were the largest share of the project phase's peak.
    func take(
        jobs: Int = 1, sharingPathsOf paths: [String] = [], testWordsAsked: (([FileFacts]) -> Set<String>)? = nil
    ) -> (facts: [FileFacts], pending: EncodedPending) {
        let (stored, added) = lock.withLock {
            let stored = entryOfFile.indices.filter { entryOfFile[$0] >= 0 }.map { (index: $0, entry: entries[Int(entryOfFile[$0])]) }
            let added = appended
            // Handed over: the collector holds none of it from here on.
            for index in entryOfFile.indices { entryOfFile[index] = -1 }
            entries = BlockList()
            appended = []
            return (stored, added)
        }
        let spill = spill, names = names
        let cutsWords = testWordsAsked != nil
        @Sendable func decode(_ position: Int, keeping asked: Set<String>?) -> FileFacts {
            let (index, entry) = stored[position]
            var reader = BinaryReader(SpillFile.bytes(at: entry.facts, in: spill))
            if cutsWords && asked == nil, let path = try? FileFacts.testFilePath(from: reader) {
                // Decoded in full once the words asked are known.
                return FileFacts(path: path, isTestFile: true)
            }
            guard var facts = try? FileFacts(from: &reader), reader.isAtEnd else {
                preconditionFailure("facts this run encoded could not be read back")
            }
            // Byte for byte: two spellings of one name are equal as strings but not in a report.
            if index < paths.count && paths[index].utf8.elementsEqual(facts.path.utf8) {
                facts.path = paths[index]
            }
            if let asked {
                facts.testReferences = facts.testReferences.keeping(asked)
            }
            names.share(&facts)
            return facts
        }
        var facts = sharedMap(count: stored.count, jobs: jobs) { decode($0, keeping: nil) } + added
        if let testWordsAsked, facts.contains(where: \.isTestFile) {
            let asked = testWordsAsked(facts)
            let tests = stored.indices.filter { facts[$0].isTestFile }
            let decoded = sharedMap(count: tests.count, jobs: jobs) { decode(tests[$0], keeping: asked) }
            for (position, testFacts) in zip(tests, decoded) {
                facts[position] = testFacts
            }
            for position in stored.count..<facts.count where facts[position].isTestFile {
                facts[position].testReferences = facts[position].testReferences.keeping(asked)
            }
        }
        let places = stored.map(\.entry.pending) + Array(repeating: nil, count: added.count)
        return (facts, EncodedPending(places: places, spill: spill))
    }

    /// Each file's pending findings as the collector kept them: encoded, in the spill file or in
    /// memory, or (`nil`) in the file's facts.
    ///
    /// Each finding is encoded with its role conditions first and its diagnostic after them as a
    /// sized block: most findings' conditions do not hold, and those are passed over unread.
    struct EncodedPending: Sendable {
        let places: [SpillFile.Place?]
        let spill: SpillFile?

        /// A file's pending findings, each as its conditions and then its diagnostic in a block
        /// of known size.
        static func encode(_ pending: [PendingDiagnostic]) -> [UInt8] {
            var writer = BinaryWriter()
            writer.int(pending.count)
            for finding in pending {
                writer.values(finding.conditions)
                writer.sized { finding.diagnostic.write(to: &$0) }
            }
            return writer.keptBytes
        }

        /// The findings of the file at `position` whose conditions satisfy `holds`; `nil` where
        /// the file's facts hold its findings.
        func pending(_ position: Int, where holds: ([RoleCondition]) -> Bool) throws(BinaryReader.Damaged) -> [PendingDiagnostic]? {
            guard let place = places[position] else { return nil }
            var reader = BinaryReader(SpillFile.bytes(at: place, in: spill))
            var found: [PendingDiagnostic] = []
            for _ in 0..<(try reader.count()) {
                let conditions: [RoleCondition] = try reader.values()
                let size = try reader.count()
                guard holds(conditions) else {
                    try reader.skip(size)
                    continue
                }
                let start = reader.position
                found.append(PendingDiagnostic(try Diagnostic(from: &reader), conditions: conditions))
                guard reader.position - start == size else { throw BinaryReader.Damaged() }
            }
            guard reader.isAtEnd else { throw BinaryReader.Damaged() }
            return found
        }
    }

    /// The notices of files that could not be linted, in input order.
    var notices: [Diagnostic] {
        lock.withLock { unreadable.sorted { $0.index < $1.index }.map(\.notice) }
    }

    /// Every file's part of the project's fingerprint, handed over; `nil` unless each file has
    /// one. The collector lets go of its own parts, which would otherwise be held beside these
    /// until the run ends.
    func takeFingerprint() -> [ProjectFingerprint.File]? {
        lock.withLock {
            let parts = fingerprintParts.compactMap { $0 }
            fingerprintParts = []
            return parts.count == entryOfFile.count && unreadable.isEmpty ? parts : nil
        }
    }

    var contentHashes: [String: UInt64] {
        lock.withLock { hashes }
    }

    var timings: [TimedWork: Duration] {
        lock.withLock { summed }
    }
}
