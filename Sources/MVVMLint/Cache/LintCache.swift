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
public final class LintCache: @unchecked Sendable {
    struct Entry {
        var contentHash: UInt64
        var configurationHash: UInt64
        /// The facts' ``FileFacts/shapeDigest``, kept so that a run taking them from here need
        /// not encode them again to tell an edit from the stored run.
        var shapeDigest: UInt64
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


    /// Where the cache lives.
    public let url: URL
    /// Where the findings of the last whole run live, beside the facts.
    var projectURL: URL { URL(fileURLWithPath: url.path + ".project") }
    /// Where what the last whole run's project phase answered for each file lives, beside its
    /// findings: read only after an edit.
    var answersURL: URL { URL(fileURLWithPath: url.path + ".answers") }
    let tool: String
    // The stored properties below are only touched while holding `lock`.
    let lock = NSLock()
    /// Read from the cache file when a file is first looked up: a re-run answered by the stored
    /// project result never reads it.
    var loadedEntries: [String: Entry]?
    var projectResult: StoredProjectResult?
    var isProjectResultDirty = false
    /// Whether the stored project result was let go once the run no longer needed it, and
    /// whether there was one (so a run that stores none still leaves no file).
    var setAside: (done: Bool, hadOne: Bool) = (false, false)
    var used: Set<String> = []
    var hits = 0
    var isDirty = false
    /// The project folder the cache must stay in when it is in its default place (a committed
    /// `.build` link to another folder is not followed); `nil` when the user chose the place.
    var project: String? {
        get { lock.withLock { projectFolder } }
        set { lock.withLock { projectFolder = newValue } }
    }
    var projectFolder: String?
    let configurationHashes: ConfigurationHashes
    /// Whether the cache keeps anything; only ``disabled`` does not.
    let isEnabled: Bool
    /// Where the facts stored in this run wait for the cache file: opened with the first one
    /// stored (a run that stores none makes no file), `nil` inside if none could be made.
    var storedSpill: SpillFile??

    /// Opens the cache at `url` for the tool identity `tool` (version and build) and the rule
    /// set whose ``RuleSet/fingerprint`` is `rulesFingerprint` (facts stored under other rules
    /// are not reused): an unreadable, corrupt or foreign cache starts empty.
    init(url: URL, tool: String, rulesFingerprint: UInt64) {
        self.url = url
        self.tool = tool
        isEnabled = true
        configurationHashes = ConfigurationHashes(rulesFingerprint: rulesFingerprint)
        projectResult = StoredProjectResult.read(projectURL, tool: tool)
    }

    /// The cache of a run that keeps nothing (`--no-cache`): it knows no file, stores nothing and
    /// writes no file, so the engine asks it the same questions as any other.
    static let disabled = LintCache()

    private init() {
        url = URL(fileURLWithPath: "/dev/null")
        tool = ""
        isEnabled = false
        configurationHashes = ConfigurationHashes(rulesFingerprint: 0)
    }

    /// The entries, read from the cache file the first time they are asked for. Call while
    /// holding `lock`.
    var entries: [String: Entry] {
        get {
            if let loadedEntries { return loadedEntries }
            let decoded = CacheFileSource(path: url.path, limit: Self.sizeLimit).flatMap { Self.storedEntries(in: $0, tool: tool) } ?? [:]
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

    /// The facts of `entry`, decoded from its bytes (the cache file's, or those stored in this
    /// run); `nil` if they do not decode (a forged cache whose checksum holds), so the file is
    /// linted.
    func facts(of entry: Entry) -> FileFacts? {
        // A cache file cut short since it was checked: the file is linted again.
        guard let bytes = bytes(of: entry.facts) else { return nil }
        var reader = BinaryReader(bytes)
        guard let facts = try? FileFacts(from: &reader), reader.isAtEnd else { return nil }
        return facts
    }

    /// An entry's encoded facts: from the cache file of an earlier run (`nil` if it was cut short
    /// since it was checked), or from where this run stored them.
    func bytes(of facts: StoredFacts) -> [UInt8]? {
        switch facts {
        case .inFile(let source, let range): source.read(offset: range.lowerBound, count: range.count)
        case .stored(let place): SpillFile.bytes(at: place, in: lock.withLock { storedSpill ?? nil })
        }
    }

    /// How many files came from the cache in this run.
    var hitCount: Int {
        lock.withLock { hits }
    }

    /// What the cache holds for one file under the settings that apply to it, found by one
    /// look-up: a run asks it first whether the file's stamp is unchanged (the file need not be
    /// read), then, after reading, whether its text is.
    struct Lookup {
        let path: String
        let configurationHash: UInt64
        /// The entry stored for the file under the same settings, if any.
        fileprivate let entry: Entry?

        /// The hash of the text the stored facts were made from, if any are stored.
        var storedContentHash: UInt64? { entry?.contentHash }
        /// The shape digest of the stored facts, if any are stored.
        var storedShapeDigest: UInt64 { entry?.shapeDigest ?? 0 }
    }

    /// Looks `path` up once, under `settings`.
    func lookUp(_ path: String, configuration: Configuration) -> Lookup {
        let configurationHash = configurationHashes.hash(configuration)
        let entry = lock.withLock { entries[path] }
        return Lookup(path: path, configurationHash: configurationHash, entry: entry?.configurationHash == configurationHash ? entry : nil)
    }

    /// The stored facts of `lookup`'s file if its stamp is still `stamp`, so the file need not
    /// even be read.
    @inline(never)
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

    func reuse(_ entry: Entry, path: String) -> FileFacts? {
        guard let facts = facts(of: entry) else { return nil }
        lock.withLock {
            used.insert(path)
            hits += 1
        }
        return facts
    }

    /// The content hash stored for `path`: what its facts were made from.
    public func contentHash(for path: String) -> UInt64? {
        guard isEnabled else { return nil }
        return lock.withLock { entries[path]?.contentHash }
    }

    /// Remembers the facts of the file at `path` linted in this run, as `encoded` (their
    /// ``BinaryCodable`` form); `stamp` is the file's, taken before it was read (so a change
    /// while it was read shows as a different stamp next time), and kept if it was settled when
    /// the file was read at `readAt` (by default now).
    func store(encoded: [UInt8], path: String, contentHash: UInt64, shapeDigest: UInt64, lookup: Lookup, stamp: FileStamp?, readAt: Int64? = nil) {
        let now = readAt ?? Int64(Date().timeIntervalSince1970)
        // Kept outside the lock: the spill file has its own, and other workers store meanwhile.
        let place = spillForStoring()?.keep(encoded) ?? .held(encoded)
        lock.withLock {
            entries[path] = Entry(
                contentHash: contentHash, configurationHash: lookup.configurationHash, shapeDigest: shapeDigest,
                stamp: stamp?.ifSettled(at: now), facts: .stored(place)
            )
            used.insert(path)
            isDirty = true
        }
    }

    /// The spill file for facts stored in this run, opened the first time it is asked for.
    func spillForStoring() -> SpillFile? {
        lock.withLock {
            if storedSpill == nil {
                storedSpill = .some(SpillFile())
            }
            return storedSpill ?? nil
        }
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

/// The cache's name before it also held the last run's findings.
@available(*, deprecated, renamed: "LintCache")
public typealias FactsCache = LintCache
