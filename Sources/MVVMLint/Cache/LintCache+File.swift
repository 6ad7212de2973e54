import Foundation

/// The cache's file: its layout, how it is read (checked, a block at a time) and how it is
/// written (atomically, as it is made).
extension LintCache {
    /// The stored layout's number, derived from the schema of every stored type: a field added,
    /// removed, renamed, retyped or moved gives a new number, and caches of the old layout are
    /// dropped (`FactsRoundTripTests` keeps each schema true to its type).
    static let format = Int(StableHash.of(layout.joined(separator: "\n")) & 0x7FFF_FFFF)
    /// What the cache's files hold: each stored type's schema, then the project's findings.
    static let layout = FileFacts.storedTypes.map { "\($0): \($0.schema.joined(separator: ", "))" }
        + [
            "Entry: contentHash: UInt64, configurationHash: UInt64, shapeDigest: UInt64, stamp: FileStamp?",
            "StoredProjectResult: fingerprint: UInt64, files: [path, stamp?, contentHash, shapeDigest] in the run's order, "
                + "diagnostics: Array<Diagnostic>, projectFindings: Array<Diagnostic>",
            "Answers: fingerprint: UInt64, files: [encoded ProjectAnswers] in the run's order",
            "ProjectAnswers: \(ProjectAnswers.schema.joined(separator: ", "))",
        ]
    /// The largest cache file read.
    static let sizeLimit = 1 << 30
    /// The first bytes of a cache file.
    static let magic = Array("mvvm-facts".utf8)

    /// How much of an entry is read to find its hashes, stamp and path (a path's length is
    /// bounded by the system's, well below this); an entry whose head is longer is read whole.
    static let headRoom = 1 << 16

    /// The entries of the cache file `source`, each with where its facts lie in the file, or
    /// `nil` for a file of another format or tool, or one that is damaged. The file is checked
    /// and read through a block at a time, never held whole.
    static func storedEntries(in source: CacheFileSource, tool: String) -> [String: Entry]? {
        guard let payload = source.payload(magic: magic) else { return nil }
        var window = CacheFileSource.Window(source, end: payload.upperBound)
        var entries: [String: Entry] = [:]
        do throws(BinaryReader.Damaged) {
            guard var reader = window.reader(at: payload.lowerBound, holding: headRoom),
                  try reader.int() == format, try reader.string() == tool else { return nil }
            let count = try reader.int()
            var offset = window.start + reader.position
            // An entry takes at least five bytes (its length, two hashes, no stamp, a path).
            guard count >= 0, count <= (payload.upperBound - offset) / 5 else { return nil }
            entries.reserveCapacity(count)
            // Each entry is its length, then its hashes, stamp and path (read here), then the rest
            // of its facts (read when asked for).
            for _ in 0..<count {
                guard var lengthReader = window.reader(at: offset, holding: 10) else { return nil }
                let length = try lengthReader.int()
                let start = window.start + lengthReader.position
                guard length >= 0, length <= payload.upperBound - start else { return nil }
                let head = try Self.head(at: start..<(start + length), in: &window)
                offset = start + length
                guard entries[head.path] == nil else { continue }
                entries[head.path] = Entry(contentHash: head.contentHash, configurationHash: head.configurationHash, shapeDigest: head.shapeDigest,
                                           stamp: head.stamp,
                                           facts: .inFile(source, range: head.factsStart..<offset))
            }
            return offset == payload.upperBound ? entries : nil
        } catch {
            return nil
        }
    }

    /// The hashes, stamp and path of the entry at `range`, and where its facts start (at its
    /// path): read from ``headRoom`` bytes of it, or from all of it if its head is longer.
    static func head(
        at range: Range<Int>, in window: inout CacheFileSource.Window
    ) throws(BinaryReader.Damaged) -> (contentHash: UInt64, configurationHash: UInt64, shapeDigest: UInt64, stamp: FileStamp?, factsStart: Int, path: String) {
        for holding in [min(headRoom, range.count), range.count] {
            guard window.reader(at: range.lowerBound, holding: holding) != nil else { throw BinaryReader.Damaged() }
            let held = min(range.upperBound, window.start + window.bytes.count)
            var reader = BinaryReader(window.bytes, range: (range.lowerBound - window.start)..<(held - window.start))
            do throws(BinaryReader.Damaged) {
                let contentHash = try reader.uint64(), configurationHash = try reader.uint64(), shapeDigest = try reader.uint64()
                let stamp = try reader.optional { reader throws(BinaryReader.Damaged) in try FileStamp(from: &reader) }
                let factsStart = window.start + reader.position
                let path = try reader.string()
                return (contentHash, configurationHash, shapeDigest, stamp, factsStart, path)
            } catch {
                // Damaged only if the whole entry was there to read.
                if held == range.upperBound { throw error }
            }
        }
        throw BinaryReader.Damaged()
    }

    /// Writes what this run changed, atomically: the facts (only if they were read, keeping
    /// entries of files outside this run that still exist) and the project's stored findings.
    public func save() throws {
        let (saved, projectResult): ([String: Entry]?, StoredProjectResult??) = lock.withLock {
            // Entries never read were never changed: the facts file stays as it is.
            let kept = loadedEntries?.filter { used.contains($0.key) || FileManager.default.fileExists(atPath: $0.key) }
            let entries = kept.flatMap { isDirty || $0.count != loadedEntries?.count ? $0 : nil }
            defer { isProjectResultDirty = false }
            return (entries, isProjectResultDirty ? .some(self.projectResult) : nil)
        }
        guard saved != nil || projectResult != nil else { return }
        if let project = self.project {
            try Self.checkStaysInside(project, url.deletingLastPathComponent().path)
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let snapshot = saved {
            try write(snapshot)
        }
        if let projectResult {
            // Findings forgotten leave empty files, which read as none stored. The answers are
            // written second: if they are not, they do not match the findings and are not used.
            let bytes = projectResult?.encoded(tool: tool) ?? []
            try OutputFileWriter.write(bytes, to: projectURL.path, policy: .regularFilesOnly, project: project)
            Self.removeStaleTemporaries(beside: projectURL)
            let answers = projectResult?.encodedAnswers(tool: tool) ?? []
            try OutputFileWriter.write(answers, to: answersURL.path, policy: .regularFilesOnly, project: project)
            Self.removeStaleTemporaries(beside: answersURL)
        }
    }

    func write(_ snapshot: [String: Entry]) throws {
        var entries = snapshot.sorted(by: { $0.key < $1.key }).map(\.value)
        // A cache file with another link is written in place, and would be read while it is cut
        // and rewritten: the entries read from it are copied aside first.
        let path = url.path
        func read(_ facts: StoredFacts) throws(FileAccessError) -> [UInt8] {
            guard let bytes = bytes(of: facts) else {
                throw FileAccessError(path: path, problem: "it was cut short while this run read it")
            }
            return bytes
        }
        if entries.contains(where: { if case .inFile(let source, _) = $0.facts { source.isWrittenInPlace(at: path) } else { false } }) {
            let aside = spillForStoring()
            for index in entries.indices {
                guard case .inFile = entries[index].facts else { continue }
                let bytes = try read(entries[index].facts)
                entries[index].facts = .stored(aside?.keep(bytes) ?? .held(bytes))
            }
        }
        // Written as it is made: at monorepo size the cache is tens of megabytes, and made whole
        // first it was held twice, beside the entries it is made of. The frame's checksum starts
        // from the payload's length, so that is counted first: each entry is its length, its
        // hashes and stamp (its head), then its facts as they are.
        let heads = entries.map { entry in
            var head = BinaryWriter()
            head.uint64(entry.contentHash)
            head.uint64(entry.configurationHash)
            head.uint64(entry.shapeDigest)
            head.optional(entry.stamp) { writer, stamp in stamp.write(to: &writer) }
            var framed = BinaryWriter()
            framed.int(head.bytes.count + entry.facts.count)
            framed.raw(head.bytes[...])
            return framed.keptBytes
        }
        var start = BinaryWriter()
        start.int(Self.format)
        start.string(tool)
        start.int(entries.count)
        let length = zip(heads, entries).reduce(start.bytes.count) { $0 + $1.0.count + $1.1.facts.count }
        let startBytes = start.bytes
        let content = CacheFileFrame.content(magic: Self.magic, length: length) { add throws(FileAccessError) in
            try add(startBytes[...])
            for (head, entry) in zip(heads, entries) {
                try add(head[...])
                // One entry at a time, never all of them at once.
                try add(read(entry.facts)[...])
            }
        }
        // The cache is the tool's own file: only a regular file (or nothing) is replaced.
        try OutputFileWriter.write(content, to: url.path, policy: .regularFilesOnly, project: project)
        Self.removeStaleTemporaries(beside: url)
    }
}
