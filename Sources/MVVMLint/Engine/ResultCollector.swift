import Foundation

/// Gathers each worker's results in input order.
final class ResultCollector: @unchecked Sendable {
    // The stored properties are only touched while holding `lock`.
    private let lock = NSLock()
    /// Where each given file's entry is in `entries`; -1 until it is stored.
    private var entryOfFile: [Int32]
    /// Each stored file's facts, in the order workers finished them.
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

    /// Whether pending findings are kept encoded until the project phase admits them: most are
    /// never reported (a condition on a role that no type has), and as values they were the
    /// largest share of a run's memory that grows with the files.
    let encodesPending: Bool
    /// Where encoded pending findings wait, out of the process's memory; `nil` keeps them in it.
    private let spill: PendingSpill?
    /// The one copy of each long name the stored facts share.
    private let names = NameTable()

    /// A stored file: its facts and, when the collector keeps them so, its pending findings
    /// encoded.
    private struct Entry {
        var facts: FileFacts
        var encoded: PendingSpill.Place?
    }

    init(count: Int, encodesPending: Bool = false) {
        precondition(count < Int(Int32.max), "more files than a run can number")
        entryOfFile = Array(repeating: -1, count: count)
        self.encodesPending = encodesPending
        spill = encodesPending ? PendingSpill() : nil
    }

    /// Stores the facts of the file at `index`, the hash of its text if a fix may need it, and
    /// its part of the project's fingerprint when the cache knows its text and settings.
    func store(_ facts: FileFacts, at index: Int, contentHash: UInt64? = nil, fingerprint: ProjectFingerprint.File? = nil) {
        var facts = names.share(facts)
        var encoded: PendingSpill.Place?
        if encodesPending && !facts.pending.isEmpty {
            let bytes = EncodedPending.encode(facts.pending)
            encoded = spill?.keep(bytes) ?? .held(bytes)
            facts.pending = []
        }
        lock.withLock {
            precondition(entryOfFile[index] < 0, "a file's facts stored twice")
            entryOfFile[index] = Int32(entries.count)
            entries.append(Entry(facts: facts, encoded: encoded))
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

    /// Stores why the file at `index` could not be linted.
    func store(_ notice: Diagnostic, at index: Int) {
        lock.withLock { unreadable.append((index, notice)) }
    }

    /// Adds the facts of a file that was not read in this run (its stamp matched the cache).
    func append(_ facts: FileFacts) {
        let facts = names.share(facts)
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

    /// The stored facts in input order, then those added with ``append(_:)``.
    var facts: [FileFacts] {
        lock.withLock {
            var facts: [FileFacts] = []
            facts.reserveCapacity(entries.count + appended.count)
            for entry in entryOfFile where entry >= 0 {
                facts.append(entries[Int(entry)].facts)
            }
            facts.append(contentsOf: appended)
            return facts
        }
    }

    /// The encoded pending findings of the files of ``facts``, in the same order.
    var pendingOfFacts: EncodedPending {
        let places = lock.withLock {
            entryOfFile.filter { $0 >= 0 }.map { entries[Int($0)].encoded }
                + Array(repeating: nil, count: appended.count)
        }
        return EncodedPending(places: places, spill: spill)
    }

    /// Each file's pending findings as the collector kept them: encoded, in the spill file or in
    /// memory, or (`nil`) in the file's facts.
    ///
    /// Each finding is encoded with its role conditions first and its diagnostic after them as a
    /// sized block: most findings' conditions do not hold, and those are passed over unread.
    struct EncodedPending: Sendable {
        let places: [PendingSpill.Place?]
        let spill: PendingSpill?

        /// A file's pending findings, each as its conditions and then its diagnostic in a block
        /// of known size.
        static func encode(_ pending: [PendingDiagnostic]) -> [UInt8] {
            var writer = BinaryWriter()
            writer.int(pending.count)
            for finding in pending {
                writer.values(finding.conditions)
                writer.sized { finding.diagnostic.write(to: &$0) }
            }
            return writer.bytes
        }

        /// The findings of the file at `position` whose conditions satisfy `holds`; `nil` where
        /// the file's facts hold its findings.
        func pending(_ position: Int, where holds: ([RoleCondition]) -> Bool) throws(BinaryReader.Damaged) -> [PendingDiagnostic]? {
            guard let place = places[position] else { return nil }
            var reader = BinaryReader(PendingSpill.bytes(at: place, in: spill))
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

    /// Every file's part of the project's fingerprint; `nil` unless each file has one.
    var fingerprint: [ProjectFingerprint.File]? {
        lock.withLock {
            let parts = fingerprintParts.compactMap { $0 }
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
