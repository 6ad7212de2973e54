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

    /// An entry's facts: stored in this run, or still encoded in the cache file read at start.
    /// Entries are decoded when a file asks for them, on its worker: a re-run that reports the
    /// stored findings of an unchanged project decodes none.
    enum StoredFacts {
        case decoded(FileFacts)
        case encoded(Range<Int>)
    }

    /// The findings of the last run of the whole project, and the fingerprint of what they were
    /// made from: every file's path, text and settings, and the modules.
    struct ProjectResult {
        var fingerprint: UInt64
        var diagnostics: [Diagnostic]
    }

    /// The stored layout's number, derived from the schema of every stored type: a field added,
    /// removed, renamed, retyped or moved gives a new number, and caches of the old layout are
    /// dropped (`FactsRoundTripTests` keeps each schema true to its type).
    static let format = Int(StableHash.of(layout.joined(separator: "\n")) & 0x7FFF_FFFF)
    /// What a cache file holds: each stored type's schema, then the project's stored findings.
    static let layout = FileFacts.storedTypes.map { "\($0): \($0.schema.joined(separator: ", "))" }
        + ["ProjectResult: fingerprint: UInt64, diagnostics: Array<Diagnostic>"]
    /// The largest cache file read.
    static let sizeLimit = 1 << 30
    /// The first bytes of a cache file.
    static let magic = Array("mvvm-facts".utf8)

    /// Where the cache lives.
    public let url: URL
    private let tool: String
    // `entries`, `used` and `hits` are only touched while holding `lock`.
    private let lock = NSLock()
    private var entries: [String: Entry]
    /// The cache file as read: what `.encoded` entries point into.
    private let file: [UInt8]
    private var projectResult: ProjectResult?
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

    /// Opens the cache at `url` for the tool identity `tool` (version and build) and the rules
    /// `rules` (the linter's: facts stored under other rules are not reused): an unreadable,
    /// corrupt or foreign cache starts empty.
    public init(url: URL, tool: String, rules: RuleSet) {
        self.url = url
        self.tool = tool
        settingsHashes = SettingsHashes(rules: rules)
        let read = (try? RegularFileReader.read(url.path, limit: Self.sizeLimit)) ?? []
        if let (entries, projectResult) = Self.decode(read, tool: tool) {
            self.entries = entries
            self.projectResult = projectResult
            file = read
        } else {
            entries = [:]
            file = []
        }
    }

    private static func decode(_ file: [UInt8], tool: String) -> ([String: Entry], ProjectResult?)? {
        // Magic, payload, then the payload's checksum in eight little-endian bytes.
        guard file.starts(with: magic), file.count >= magic.count + 8 else { return nil }
        let payload = magic.count..<(file.count - 8)
        let stored = file[payload.upperBound...].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard file.withUnsafeBytes({ StableHash.of(UnsafeRawBufferPointer(rebasing: $0[payload])) }) == stored else { return nil }
        var reader = BinaryReader(file, range: payload)
        // Each entry is length-prefixed: its header and path are read here, its facts when asked for.
        var entries: [String: Entry] = [:]
        do throws(BinaryReader.Damaged) {
            guard try reader.int() == format, try reader.string() == tool else { return nil }
            let count = try reader.count()
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let length = try reader.count()
                let range = reader.position..<(reader.position + length)
                try reader.skip(length)
                var entryReader = BinaryReader(file, range: range)
                let contentHash = try entryReader.uint64(), settingsHash = try entryReader.uint64()
                let stamp = try entryReader.optional { reader throws(BinaryReader.Damaged) in
                    FileStamp(size: Int64(try reader.int(in: 0...Int.max)), seconds: Int64(try reader.int()),
                              nanoseconds: Int64(try reader.int(in: 0...999_999_999)))
                }
                let factsStart = entryReader.position
                let path = try entryReader.string()
                guard entries[path] == nil else { continue }
                entries[path] = Entry(contentHash: contentHash, settingsHash: settingsHash, stamp: stamp,
                                      facts: .encoded(factsStart..<range.upperBound))
            }
            let projectResult = try reader.optional { reader throws(BinaryReader.Damaged) in
                ProjectResult(fingerprint: try reader.uint64(), diagnostics: try reader.values())
            }
            guard reader.isAtEnd else { return nil }
            return (entries, projectResult)
        } catch {
            return nil
        }
    }

    /// The facts of `entry`, decoded from the cache file if they were not stored in this run;
    /// `nil` if they do not decode (a forged cache whose checksum holds), so the file is linted.
    private func facts(of entry: Entry) -> FileFacts? {
        switch entry.facts {
        case .decoded(let facts):
            return facts
        case .encoded(let range):
            var reader = BinaryReader(file, range: range)
            guard let facts = try? FileFacts(from: &reader), reader.isAtEnd else { return nil }
            return facts
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
    /// `stamp` (the file touched, its text the same) is remembered, so the next run need not
    /// read the file again.
    func facts(_ lookup: Lookup, contentHash: UInt64, stamp: FileStamp? = nil) -> FileFacts? {
        guard let entry = lookup.entry, entry.contentHash == contentHash, let facts = reuse(entry, path: lookup.path) else { return nil }
        if let stamp, stamp != entry.stamp, stamp.isSettled(at: Int64(Date().timeIntervalSince1970)) {
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

    /// Whether `lookup`'s file still has the stamp its entry was stored with: then the file's
    /// text is the one its stored facts were made from, without reading either.
    func isUnchanged(_ lookup: Lookup, stamp: FileStamp) -> Bool {
        lookup.entry?.stamp == stamp
    }

    /// The content hash stored for `path`: what its facts were made from.
    public func contentHash(for path: String) -> UInt64? {
        lock.withLock { entries[path]?.contentHash }
    }

    /// Whether findings of a whole run are stored.
    var hasProjectResult: Bool {
        lock.withLock { projectResult != nil }
    }

    /// The findings stored for the whole project if `fingerprint` is the one they were made
    /// under; the files of `paths` then count as reused.
    func projectDiagnostics(fingerprint: UInt64, paths: [String]) -> [Diagnostic]? {
        lock.withLock {
            guard let projectResult, projectResult.fingerprint == fingerprint else { return nil }
            used.formUnion(paths)
            hits += paths.count
            return projectResult.diagnostics
        }
    }

    /// Remembers the findings of the whole project under `fingerprint`; `nil` forgets them (a
    /// run whose files could not all be fingerprinted).
    func storeProjectResult(fingerprint: UInt64?, diagnostics: [Diagnostic]) {
        lock.withLock {
            let result = fingerprint.map { ProjectResult(fingerprint: $0, diagnostics: diagnostics) }
            guard result?.fingerprint != projectResult?.fingerprint || result?.diagnostics != projectResult?.diagnostics else { return }
            projectResult = result
            isDirty = true
        }
    }

    /// Remembers the facts of a file linted in this run; `stamp` is the file's, taken before it
    /// was read (so a change while it was read shows as a different stamp next time).
    func store(_ facts: FileFacts, contentHash: UInt64, lookup: Lookup, stamp: FileStamp?) {
        let now = Int64(Date().timeIntervalSince1970)
        lock.withLock {
            entries[facts.path] = Entry(
                contentHash: contentHash, settingsHash: lookup.settingsHash,
                stamp: stamp.flatMap { $0.isSettled(at: now) ? $0 : nil }, facts: .decoded(facts)
            )
            used.insert(facts.path)
            isDirty = true
        }
    }

    /// Writes the cache atomically if this run changed it, keeping entries of files outside
    /// this run that still exist.
    public func save() throws {
        let saved: (entries: [String: Entry], projectResult: ProjectResult?)? = lock.withLock {
            let kept = entries.filter { used.contains($0.key) || FileManager.default.fileExists(atPath: $0.key) }
            return isDirty || kept.count != entries.count ? (kept, projectResult) : nil
        }
        guard let (snapshot, projectResult) = saved else { return }
        // One buffer from magic to checksum: at monorepo size the cache is tens of megabytes.
        var writer = BinaryWriter()
        writer.raw(Self.magic[...])
        writer.int(Self.format)
        writer.string(tool)
        writer.int(snapshot.count)
        for (_, entry) in snapshot.sorted(by: { $0.key < $1.key }) {
            var entryWriter = BinaryWriter()
            entryWriter.uint64(entry.contentHash)
            entryWriter.uint64(entry.settingsHash)
            entryWriter.optional(entry.stamp) { writer, stamp in
                writer.int(Int(stamp.size)); writer.int(Int(stamp.seconds)); writer.int(Int(stamp.nanoseconds))
            }
            switch entry.facts {
            case .decoded(let facts): facts.write(to: &entryWriter)
            case .encoded(let range): entryWriter.raw(file[range])
            }
            writer.bytes(entryWriter.bytes)
        }
        writer.optional(projectResult) { writer, result in
            writer.uint64(result.fingerprint)
            writer.values(result.diagnostics)
        }
        if let project = self.project {
            try Self.checkStaysInside(project, url.deletingLastPathComponent().path)
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let checksum = writer.bytes.withUnsafeBytes { StableHash.of(UnsafeRawBufferPointer(rebasing: $0[Self.magic.count...])) }
        writer.raw((0..<8).map { UInt8(truncatingIfNeeded: checksum >> (8 * UInt64($0))) }[...])
        // The cache is the tool's own file: only a regular file (or nothing) is replaced.
        try OutputFileWriter.write(writer.bytes, to: url.path, policy: .regularFilesOnly, project: project)
        Self.removeStaleTemporaries(beside: url)
    }

    /// Throws when the nearest existing folder on the way to `folder` leads out of `project`.
    static func checkStaysInside(_ project: String, _ folder: String) throws(FileAccessError) {
        var existing = folder
        while !FileManager.default.fileExists(atPath: existing) {
            let parent = (existing as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != existing else { return }
            existing = parent
        }
        guard let real = RealPath.of(existing), let root = RealPath.of(project) else { return }
        guard !RealPath.isInside(real, [root]) else { return }
        throw FileAccessError(path: folder, problem: "leads out of the project through a symbolic link (to '\(PrintableText.escaping(real))')")
    }

    /// How old a temporary cache file must be to count as left by an interrupted run: far
    /// beyond the few seconds a run takes to write the cache, so another run's is never touched.
    static let staleTemporaryAge: TimeInterval = 3_600

    /// Removes the `.facts.bin.mvvm-<UUID>` files a run killed while writing the cache left
    /// beside it (SIGKILL, power loss): regular files only, older than ``staleTemporaryAge``.
    static func removeStaleTemporaries(beside url: URL) {
        let folder = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent).mvvm-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let now = Date().timeIntervalSince1970
        for name in names where name.hasPrefix(prefix) && UUID(uuidString: String(name.dropFirst(prefix.count))) != nil {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, FileKind(mode: info.st_mode) == .regular else { continue }
            #if canImport(Darwin)
            let modified = TimeInterval(info.st_mtimespec.tv_sec)
            #else
            let modified = TimeInterval(info.st_mtim.tv_sec)
            #endif
            guard now - modified > staleTemporaryAge else { continue }
            unlink(path)
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

