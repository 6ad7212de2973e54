import Foundation

/// The two questions the file phase asks for each file: what is known of it, and, once it is
/// analysed, that its facts be kept for the next run.
extension LintCache {
    /// What the cache answers for one file.
    enum FileAnswer {
        /// Its facts, unchanged since they were stored: the file was not parsed. `contentHash`
        /// is the hash of the text they were made from when the file was read to tell (`nil`
        /// when its stamp told without reading it).
        case known(FileFacts, contentHash: UInt64?, fingerprint: ProjectFingerprint.File?)
        /// Its text, to analyse; hand the facts to ``record(_:as:)``.
        case toAnalyze([UInt8], FileRecord)
        /// A file given by path that could not be read, with its notice.
        case unreadable(Diagnostic)
    }

    /// What the cache needs to keep a file's facts once it is analysed.
    struct FileRecord {
        /// The hash of the text read, when the cache is on.
        let contentHash: UInt64?
        /// The file's part of the project's fingerprint, when the cache is on.
        let fingerprint: ProjectFingerprint.File?
        fileprivate let lookup: Lookup?
        fileprivate let stamp: FileStamp?
        fileprivate let readAt: Int64
    }

    /// Looks the file up under the configuration that applies to it: a file whose stamp the cache knows
    /// is not even read, one whose text is unchanged is not parsed.
    func lookUp(_ source: SourceInput, configuration: Configuration) -> FileAnswer {
        let lookup = isEnabled ? lookUp(source.path, configuration: configuration) : nil
        var stamp = source.stamp
        var readAt = Int64(Date().timeIntervalSince1970)
        if case .file(let file) = source.content, let lookup {
            // A stamp the cache knows (discovery's, or taken now) spares reading the file.
            let current = source.stamp ?? FileStamp(path: file)
            if let current, let known = facts(lookup, stamp: current) {
                return .known(known, contentHash: nil, fingerprint: fingerprintPart(of: lookup, stamp: current))
            }
            // The stamp kept with the text comes before the read, so a change while the file is
            // read shows next time; discovery's could be older than the text.
            stamp = source.stamp == nil ? current : FileStamp(path: file)
            readAt = Int64(Date().timeIntervalSince1970)
        }
        let bytes: [UInt8]
        switch source.read() {
        case .text(let read): bytes = read
        case .unreadable(let notice): return .unreadable(notice)
        }
        guard let lookup else {
            return .toAnalyze(bytes, FileRecord(contentHash: nil, fingerprint: nil, lookup: nil, stamp: stamp, readAt: readAt))
        }
        let hash = Self.hash(bytes)
        // Judged when the file was read: a stamp from the two seconds before could hide an
        // edit in the same clock tick, and the run may end long after.
        let settled = stamp?.ifSettled(at: readAt)
        let part = ProjectFingerprint.File(path: source.path, contentHash: hash, configurationHash: lookup.configurationHash, stamp: settled)
        if let known = facts(lookup, contentHash: hash, stamp: stamp, readAt: readAt) {
            var part = part
            part.shapeDigest = lookup.storedShapeDigest
            return .known(known, contentHash: hash, fingerprint: part)
        }
        return .toAnalyze(bytes, FileRecord(contentHash: hash, fingerprint: part, lookup: lookup, stamp: stamp, readAt: readAt))
    }

    /// The fingerprint part of a file known by its stamp, when the cache holds its text's hash.
    // Kept out of `lookUp`: Swift 6.3.1's optimizer crashes (CopyPropagation, "Found outside of
    // lifetime use") when this reads the look-up's entry inside that function.
    @inline(never)
    private func fingerprintPart(of lookup: Lookup, stamp: FileStamp) -> ProjectFingerprint.File? {
        guard let stored = lookup.storedContentHash else { return nil }
        return ProjectFingerprint.File(
            path: lookup.path, contentHash: stored, configurationHash: lookup.configurationHash, stamp: stamp, shapeDigest: lookup.storedShapeDigest
        )
    }

    /// Keeps `facts`, analysed from the text of `record`'s look-up, for the next run; returns
    /// their encoded form, which the run may keep instead of the findings, and the file's part
    /// of the fingerprint with the facts' shape digest (`nil` when the cache is off).
    func record(_ facts: FileFacts, as record: FileRecord) -> (encoded: [UInt8], fingerprint: ProjectFingerprint.File?)? {
        guard let lookup = record.lookup, let contentHash = record.contentHash else { return nil }
        let encoded = facts.encoded
        let shapeDigest = facts.shapeDigest
        store(encoded: encoded, path: facts.path, contentHash: contentHash, shapeDigest: shapeDigest, lookup: lookup, stamp: record.stamp, readAt: record.readAt)
        var part = record.fingerprint
        part?.shapeDigest = shapeDigest
        return (encoded, part)
    }
}
