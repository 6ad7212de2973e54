import Foundation

/// Facts and file-local findings of files linted before, so a second run re-parses only what
/// changed. An entry is used only if the file's text, the settings that apply to it and the
/// tool are all the same as when it was stored; a cache file that cannot be read, or was written
/// by another version, is ignored and replaced, never trusted.
///
/// The file ends with a checksum of everything before it, so damage that still decodes (a
/// changed byte in a line number or a hash) drops the cache as surely as damage that does not:
/// checking every field's plausibility could not catch a line moved from 12 to 13. Numbers are
/// range-checked as well, for a cache forged with a correct checksum.
public final class FactsCache: @unchecked Sendable {
    struct Entry {
        var contentHash: UInt64
        var settingsHash: UInt64
        /// Set only for files that had settled when stored; lets a later run skip reading them.
        var stamp: FileStamp?
        var facts: StoredFacts
    }

    /// An entry's facts, encoded: in the cache file read at start, or, stored in this run, in
    /// the cache's spill file until the cache is written. Entries are decoded when a file asks
    /// for them, on its worker: a re-run that reports the stored findings of an unchanged
    /// project decodes none. Kept as values, the facts stored in this run took more room than
    /// all else a run that fills the cache holds; kept encoded in memory, they still grew with
    /// the files (65 MB at 15,860 files), so a first run took half as much memory again as one
    /// without a cache.
    enum StoredFacts {
        /// In the cache file of an earlier run, at `range`.
        case inFile(CacheFileSource, range: Range<Int>)
        /// Stored in this run: spilled, or held at their own size.
        case stored(SpillFile.Place)

        /// How many bytes the facts take.
        var count: Int {
            switch self {
            case .inFile(_, let range): range.count
            case .stored(.held(let bytes)): bytes.count
            case .stored(.spilled(_, let count)): count
            }
        }
    }

    /// The stored layout's number, derived from the schema of every stored type: a field added,
    /// removed, renamed, retyped or moved gives a new number, and caches of the old layout are
    /// dropped (`FactsRoundTripTests` keeps each schema true to its type).
    static let format = Int(StableHash.of(layout.joined(separator: "\n")) & 0x7FFF_FFFF)
    /// What the cache's files hold: each stored type's schema, then the project's findings.
    static let layout = FileFacts.storedTypes.map { "\($0): \($0.schema.joined(separator: ", "))" }
        + ["StoredProjectResult: fingerprint: UInt64, files: [path, stamp, contentHash] in the run's order, diagnostics: Array<Diagnostic>"]
    /// The largest cache file read.
    static let sizeLimit = 1 << 30
    /// The first bytes of a cache file.
    static let magic = Array("mvvm-facts".utf8)

    /// Where the cache lives.
    public let url: URL
    /// Where the findings of the last whole run live, beside the facts.
    var projectURL: URL { URL(fileURLWithPath: url.path + ".project") }
    private let tool: String
    // The stored properties below are only touched while holding `lock`.
    private let lock = NSLock()
    /// Read from the cache file when a file is first looked up: a re-run answered by the stored
    /// project result never reads it.
    private var loadedEntries: [String: Entry]?
    private var projectResult: StoredProjectResult?
    private var isProjectResultDirty = false
    /// Whether the stored project result was let go once the run no longer needed it, and
    /// whether there was one (so a run that stores none still leaves no file).
    private var setAside: (done: Bool, hadOne: Bool) = (false, false)
    private var used: Set<String> = []
    private var hits = 0
    private var isDirty = false
    /// The project folder the cache must stay in when it is in its default place (a committed
    /// `.build` link to another folder is not followed); `nil` when the user chose the place.
    var project: String? {
        get { lock.withLock { projectFolder } }
        set { lock.withLock { projectFolder = newValue } }
    }
    private var projectFolder: String?
    private let settingsHashes: SettingsHashes
    /// Where the facts stored in this run wait for the cache file: opened with the first one
    /// stored (a run that stores none makes no file), `nil` inside if none could be made.
    private var storedSpill: SpillFile??

    /// Opens the cache at `url` for the tool identity `tool` (version and build) and the rules
    /// `rules` (the linter's: facts stored under other rules are not reused): an unreadable,
    /// corrupt or foreign cache starts empty.
    public init(url: URL, tool: String, rules: RuleSet) {
        self.url = url
        self.tool = tool
        settingsHashes = SettingsHashes(rules: rules)
        projectResult = StoredProjectResult.read(projectURL, tool: tool)
    }

    /// The entries, read from the cache file the first time they are asked for. Call while
    /// holding `lock`.
    private var entries: [String: Entry] {
        get {
            if let loadedEntries { return loadedEntries }
            let decoded = CacheFileSource(path: url.path, limit: Self.sizeLimit).flatMap { Self.decode($0, tool: tool) } ?? [:]
            loadedEntries = decoded
            return decoded
        }
        // In place: a copy of the whole table per stored file would make a run quadratic.
        _modify {
            if loadedEntries == nil {
                _ = entries
            }
            yield &loadedEntries!
        }
    }

    /// How much of an entry is read to find its hashes, stamp and path (a path's length is
    /// bounded by the system's, well below this); an entry whose head is longer is read whole.
    static let headRoom = 1 << 16

    /// The entries of the cache file `source`, each with where its facts lie in the file, or
    /// `nil` for a file of another format or tool, or one that is damaged. The file is checked
    /// and read through a block at a time, never held whole.
    private static func decode(_ source: CacheFileSource, tool: String) -> [String: Entry]? {
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
                entries[head.path] = Entry(contentHash: head.contentHash, settingsHash: head.settingsHash, stamp: head.stamp,
                                           facts: .inFile(source, range: head.factsStart..<offset))
            }
            return offset == payload.upperBound ? entries : nil
        } catch {
            return nil
        }
    }

    /// The hashes, stamp and path of the entry at `range`, and where its facts start (at its
    /// path): read from ``headRoom`` bytes of it, or from all of it if its head is longer.
    private static func head(
        at range: Range<Int>, in window: inout CacheFileSource.Window
    ) throws(BinaryReader.Damaged) -> (contentHash: UInt64, settingsHash: UInt64, stamp: FileStamp?, factsStart: Int, path: String) {
        for holding in [min(headRoom, range.count), range.count] {
            guard window.reader(at: range.lowerBound, holding: holding) != nil else { throw BinaryReader.Damaged() }
            let held = min(range.upperBound, window.start + window.bytes.count)
            var reader = BinaryReader(window.bytes, range: (range.lowerBound - window.start)..<(held - window.start))
            do throws(BinaryReader.Damaged) {
                let contentHash = try reader.uint64(), settingsHash = try reader.uint64()
                let stamp = try reader.optional { reader throws(BinaryReader.Damaged) in try FileStamp(from: &reader) }
                let factsStart = window.start + reader.position
                let path = try reader.string()
                return (contentHash, settingsHash, stamp, factsStart, path)
            } catch {
                // Damaged only if the whole entry was there to read.
                if held == range.upperBound { throw error }
            }
        }
        throw BinaryReader.Damaged()
    }

    /// The facts of `entry`, decoded from its bytes (the cache file's, or those stored in this
    /// run); `nil` if they do not decode (a forged cache whose checksum holds), so the file is
    /// linted.
    private func facts(of entry: Entry) -> FileFacts? {
        // A cache file cut short since it was checked: the file is linted again.
        guard let bytes = bytes(of: entry.facts) else { return nil }
        var reader = BinaryReader(bytes)
        guard let facts = try? FileFacts(from: &reader), reader.isAtEnd else { return nil }
        return facts
    }

    /// An entry's encoded facts: from the cache file of an earlier run (`nil` if it was cut short
    /// since it was checked), or from where this run stored them.
    private func bytes(of facts: StoredFacts) -> [UInt8]? {
        switch facts {
        case .inFile(let source, let range): source.read(offset: range.lowerBound, count: range.count)
        case .stored(let place): SpillFile.bytes(at: place, in: lock.withLock { storedSpill ?? nil })
        }
    }

    /// How many files came from the cache in this run.
    public var hitCount: Int {
        lock.withLock { hits }
    }

    /// What the cache holds for one file under the settings that apply to it, found by one
    /// look-up: a run asks it first whether the file's stamp is unchanged (the file need not be
    /// read), then, after reading, whether its text is.
    struct Lookup {
        let path: String
        let settingsHash: UInt64
        /// The entry stored for the file under the same settings, if any.
        fileprivate let entry: Entry?

        /// The hash of the text the stored facts were made from, if any are stored.
        var storedContentHash: UInt64? { entry?.contentHash }
    }

    /// Looks `path` up once, under `settings`.
    func lookUp(_ path: String, settings: Configuration) -> Lookup {
        let settingsHash = settingsHashes.hash(settings)
        let entry = lock.withLock { entries[path] }
        return Lookup(path: path, settingsHash: settingsHash, entry: entry?.settingsHash == settingsHash ? entry : nil)
    }

    /// The stored facts of `lookup`'s file if its stamp is still `stamp`, so the file need not
    /// even be read.
    func facts(_ lookup: Lookup, stamp: FileStamp) -> FileFacts? {
        guard let entry = lookup.entry, entry.stamp == stamp else { return nil }
        return reuse(entry, path: lookup.path)
    }

    /// The stored facts of `lookup`'s file if its text still hashes to `contentHash`. A new
    /// `stamp` (the file touched, its text the same), settled when the file was read at
    /// `readAt` (by default now), is remembered, so the next run need not read the file again.
    func facts(_ lookup: Lookup, contentHash: UInt64, stamp: FileStamp? = nil, readAt: Int64? = nil) -> FileFacts? {
        guard let entry = lookup.entry, entry.contentHash == contentHash, let facts = reuse(entry, path: lookup.path) else { return nil }
        if let stamp, stamp != entry.stamp, stamp.isSettled(at: readAt ?? Int64(Date().timeIntervalSince1970)) {
            lock.withLock {
                entries[lookup.path]?.stamp = stamp
                isDirty = true
            }
        }
        return facts
    }

    private func reuse(_ entry: Entry, path: String) -> FileFacts? {
        guard let facts = facts(of: entry) else { return nil }
        lock.withLock {
            used.insert(path)
            hits += 1
        }
        return facts
    }

    /// The content hash stored for `path`: what its facts were made from.
    public func contentHash(for path: String) -> UInt64? {
        lock.withLock { entries[path]?.contentHash }
    }

    /// The findings of the last whole run and what they were made from, if stored.
    var storedProject: StoredProjectResult? {
        lock.withLock { projectResult }
    }

    /// The fingerprint of the settings `configuration`, under this cache's rules.
    func settingsHash(_ configuration: Configuration) -> UInt64 {
        settingsHashes.hash(configuration)
    }

    /// Lets go of the stored project result once the run has looked at it: it lists every file
    /// (7 MB at 31,728 files) and was kept only to tell whether the new one differs. A run that
    /// gets this far lints, and its result then replaces the stored one.
    func setAsideStoredProject() {
        lock.withLock {
            guard !setAside.done else { return }
            setAside = (true, projectResult != nil)
            projectResult = nil
        }
    }

    /// Counts `count` files as served from the cache: the stored project result answered for them.
    func countReused(_ count: Int) {
        lock.withLock { hits += count }
    }

    /// Remembers the findings of the whole project: the fingerprint of `files` (with the
    /// modules) and each file's stamp. `nil`, or a file without a stamp (one that had not
    /// settled when it was read), forgets them: the next run could not use them.
    func storeProjectResult(fingerprint: UInt64?, files: [ProjectFingerprint.File]?, diagnostics: [Diagnostic]) {
        var stored: StoredProjectResult?
        if let fingerprint, let files {
            // At its final size: grown, it was held twice at the end of a run that fills the cache.
            var kept: [StoredProjectResult.File] = []
            kept.reserveCapacity(files.count)
            for file in files {
                guard let stamp = file.stamp else { break }
                kept.append(StoredProjectResult.File(path: file.path, stamp: stamp, contentHash: file.contentHash))
            }
            if kept.count == files.count {
                stored = StoredProjectResult(fingerprint: fingerprint, files: kept, diagnostics: diagnostics)
            }
        }
        lock.withLock {
            if setAside.done {
                guard stored != nil || setAside.hadOne else { return }
            } else {
                guard stored != projectResult else { return }
            }
            projectResult = stored
            isProjectResultDirty = true
        }
    }

    /// Remembers the facts of the file at `path` linted in this run, as `encoded` (their
    /// ``BinaryCodable`` form); `stamp` is the file's, taken before it was read (so a change
    /// while it was read shows as a different stamp next time), and kept if it was settled when
    /// the file was read at `readAt` (by default now).
    func store(encoded: [UInt8], path: String, contentHash: UInt64, lookup: Lookup, stamp: FileStamp?, readAt: Int64? = nil) {
        let now = readAt ?? Int64(Date().timeIntervalSince1970)
        // Kept outside the lock: the spill file has its own, and other workers store meanwhile.
        let place = spillForStoring()?.keep(encoded) ?? .held(encoded)
        lock.withLock {
            entries[path] = Entry(
                contentHash: contentHash, settingsHash: lookup.settingsHash,
                stamp: stamp.flatMap { $0.isSettled(at: now) ? $0 : nil }, facts: .stored(place)
            )
            used.insert(path)
            isDirty = true
        }
    }

    /// The spill file for facts stored in this run, opened the first time it is asked for.
    private func spillForStoring() -> SpillFile? {
        lock.withLock {
            if storedSpill == nil {
                storedSpill = .some(SpillFile())
            }
            return storedSpill ?? nil
        }
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
            // Findings forgotten leave an empty file, which reads as none stored.
            let bytes = projectResult?.encoded(tool: tool) ?? []
            try OutputFileWriter.write(bytes, to: projectURL.path, policy: .regularFilesOnly, project: project)
            Self.removeStaleTemporaries(beside: projectURL)
        }
    }

    private func write(_ snapshot: [String: Entry]) throws {
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
            head.uint64(entry.settingsHash)
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

    /// A stable 64-bit hash of `text`, the same in every process.
    public static func hash(_ text: String) -> UInt64 {
        StableHash.of(text)
    }

    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { StableHash.of($0) }
    }

    static func hash(_ data: Data) -> UInt64 {
        StableHash.of(data)
    }

    /// A stable fingerprint of settings (Swift's `Hasher` is seeded per process).
    static func hash(_ configuration: Configuration) -> UInt64 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return hash((try? encoder.encode(configuration)) ?? Data())
    }
}

