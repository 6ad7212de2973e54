import Foundation

/// Gathers each worker's results in input order.
final class ResultCollector: @unchecked Sendable {
    // The stored properties are only touched while holding `lock`.
    private let lock = NSLock()
    private var slots: [FileFacts?]
    /// Each file's pending findings, encoded, when the collector keeps them so.
    private var encodedPending: [PendingSpill.Place?]
    private var fingerprintParts: [ProjectFingerprint.File?]
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

    init(count: Int, encodesPending: Bool = false) {
        slots = Array(repeating: nil, count: count)
        encodedPending = Array(repeating: nil, count: count)
        fingerprintParts = Array(repeating: nil, count: count)
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
            slots[index] = facts
            encodedPending[index] = encoded
            fingerprintParts[index] = fingerprint
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
            slots.append(facts)
            encodedPending.append(nil)
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

    var facts: [FileFacts] {
        lock.withLock { slots.compactMap { $0 } }
    }

    /// The encoded pending findings of the files of ``facts``, in the same order.
    var pendingOfFacts: EncodedPending {
        let places = lock.withLock { zip(slots, encodedPending).compactMap { slot, encoded in slot.map { _ in encoded } } }
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
            return parts.count == fingerprintParts.count && unreadable.isEmpty ? parts : nil
        }
    }

    var contentHashes: [String: UInt64] {
        lock.withLock { hashes }
    }

    var timings: [TimedWork: Duration] {
        lock.withLock { summed }
    }
}
