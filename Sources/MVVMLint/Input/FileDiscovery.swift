import Foundation

/// Finds the Swift files to lint under the given paths, reporting (not failing on) what cannot
/// be reached. Nothing is read here: each file is read by the worker that lints it.
public struct FileDiscovery: Sendable {
    /// Problems with individual files or folders; the run goes on without them.
    public var notices: [Diagnostic] = []
    /// Files found, in order.
    public internal(set) var found: [String] = []
    /// Each found file's stamp, from the `stat` that found it, where stamps are kept: a re-run
    /// that reports the findings the cache stored then asks nothing more of the files.
    var stamps: [FileStamp?] = []
    var keepsStamps = false

    /// The files found, each to be read by the worker that lints it (``Linter/lint(_:configurationForFile:cache:reused:modules:)``),
    /// with the stamp discovery took.
    public var inputs: [SourceInput] {
        let sources = self.sources
        return (0..<sources.count).map { sources[$0] }
    }

    /// The files found as the linter takes them: the paths and stamps discovery keeps, with no
    /// array of inputs made beside them.
    var sources: SourceList {
        SourceList(paths: found, stamps: keepsStamps ? stamps : [])
    }

    /// This walk without its stamps, for an analysis after the files may have changed.
    func forgettingStamps() -> FileDiscovery {
        var copy = self
        copy.keepsStamps = false
        copy.stamps = []
        return copy
    }

    /// Walks `paths` (files or folders) honouring `configuration`'s `included` and `excluded`.
    public init(paths: [String], configuration: Configuration) {
        walk(paths: paths, configuration: configuration, helpers: 0, folderListed: { _, _ in })
    }

    /// Like ``init(paths:configuration:)``; with `keepsStamps`, each input carries the stamp its
    /// file had when found, for a run with a cache (without one, they would only take memory).
    /// With `readAheadHelpers` (see ``readAheadHelpers(jobs:cores:)``), that many threads read
    /// the folders' listings ahead of the walk; what is found, and in what order, is the same.
    /// `folderListed` is shown each folder the walk lists, by its absolute path, with its
    /// entries, except below a path given with a `..`: after a link, that path's text and the
    /// folder the system lists part ways.
    init(
        paths: [String], configuration: Configuration, keepsStamps: Bool, readAheadHelpers: Int = 0,
        folderListed: (_ absolutePath: String, _ entries: [DirectoryListing.Entry]) -> Void = { _, _ in }
    ) {
        self.keepsStamps = keepsStamps
        walk(paths: paths, configuration: configuration, helpers: readAheadHelpers, folderListed: folderListed)
    }

    /// The threads that read folders ahead of the walk for `jobs` jobs: one fewer than the jobs
    /// the processors can run at once (the walk is the other), and at most 15, past which the
    /// file system is what waits.
    static func readAheadHelpers(jobs: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        max(0, min(jobs, cores, 16) - 1)
    }

    private mutating func walk(
        paths: [String], configuration: Configuration, helpers: Int, folderListed: (String, [DirectoryListing.Entry]) -> Void
    ) {
        let fileManager = FileManager.default
        var seen: Set<String> = []
        var seenFiles: Set<FileIdentity> = []
        let root = absolute(configuration.rootDirectory)
        // Folder links are followed only to folders inside one of these (real paths).
        let roots = paths.compactMap { path -> String? in
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
            return RealPath.of(path)
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                notices.append(Self.notice(path, "does not exist or is a broken symbolic link"))
                continue
            }
            if isDirectory.boolValue {
                var settings = configuration
                // A folder named explicitly that `included` does not reach is linted whole: the
                // user asked for it by name.
                if !Self.included(configuration.included, reach: PathMatcher.relative(absolute(path), to: root), root: root) {
                    settings.included = []
                }
                let excluded = settings.excluded, hasPatterns = settings.hasPatterns
                FolderReadAhead.run(
                    helpers: helpers, wanted: Self.isSwiftFile,
                    subfolders: { Self.listedSubfolders(of: $0, entries: $1, root: root, excluded: excluded, hasPatterns: hasPatterns) }
                ) { readAhead in
                    walk(directory: path, absoluteDirectory: absolute(path), configuration: settings, root: root,
                         roots: roots, readAhead: readAhead, seen: &seen, seenFiles: &seenFiles,
                         reportsListings: !path.split(separator: "/").contains(".."), folderListed: folderListed)
                }
            } else {
                // A file named explicitly is linted even if it is not under `included`.
                read(path, absolute: absolute(path), status: nil, seen: &seen, seenFiles: &seenFiles)
            }
        }
    }

    // `absoluteDirectory` is `directory` made absolute once, so entries below it are joined as
    // strings instead of going through URL for each file.
    //
    // Folders are walked depth first from a stack of their own, not by recursion, and each real
    // folder (device and inode, links followed) is entered once per path given: a link back to
    // an ancestor, or two links to each other, end the walk there instead of repeating it.
    private mutating func walk(
        directory start: String, absoluteDirectory absoluteStart: String, configuration: Configuration, root: String,
        roots: [String], readAhead: FolderReadAhead?, seen: inout Set<String>, seenFiles: inout Set<FileIdentity>,
        reportsListings: Bool, folderListed: (String, [DirectoryListing.Entry]) -> Void
    ) {
        let fileManager = FileManager.default
        let hasPatterns = configuration.hasPatterns
        var entered: Set<FileIdentity> = []
        var pending: [(path: String, absolute: String)] = [(start, absoluteStart)]
        while let next = pending.popLast() {
            let (directory, absoluteDirectory) = next
            // Read through the open folder: the Swift files' identities and stamps come with it.
            let folder: DirectoryListing.Folder?
            let wasReadAhead: Bool
            if let listing = readAhead?.take(directory) {
                folder = listing
                wasReadAhead = true
            } else {
                folder = DirectoryListing.read(directory, statusOf: Self.isSwiftFile)
                wasReadAhead = false
            }
            if let identity = folder?.identity ?? FileIdentity(path: directory), !entered.insert(identity).inserted {
                continue
            }
            // The helpers go on below a folder they read themselves; this one the walk read.
            if !wasReadAhead, let readAhead, let folder {
                readAhead.submit(Self.listedSubfolders(of: next, entries: folder.entries, root: root, excluded: configuration.excluded,
                                                       hasPatterns: hasPatterns), below: folder.identity)
            }
            var entries: [DirectoryListing.Entry]
            if let folder {
                entries = folder.entries
                for name in folder.undecodableNames {
                    notices.append(Self.notice(PathText.joined(directory, name), "has a name that is not UTF-8, so it cannot be linted; rename it"))
                }
                if reportsListings {
                    folderListed(absoluteDirectory, entries)
                }
            } else {
                do {
                    entries = try fileManager.contentsOfDirectory(atPath: directory).sorted().map { DirectoryListing.Entry(name: $0) }
                } catch {
                    notices.append(Self.notice(directory, "cannot be read (\(Self.reason(error)))"))
                    continue
                }
            }
            var folders: [(path: String, absolute: String)] = []
            var tooLong = 0
            for listed in entries {
                let entry = listed.name
                guard let (path, absolutePath, relative) = Self.candidate(entry, in: next, root: root, excluded: configuration.excluded,
                                                                          hasPatterns: hasPatterns) else { continue }
                // The system opens no path this long (ENAMETOOLONG): counted, and said below.
                if Self.isTooLong(path, absolutePath) {
                    tooLong += 1
                    continue
                }
                var isDirectory: ObjCBool = false
                switch listed.kind {
                case .regular:
                    // Most entries of a repository are files other than Swift sources.
                    guard entry.hasSuffix(".swift") else { continue }
                case .directory:
                    isDirectory = true
                default:
                    guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                        if entry.hasSuffix(".swift") {
                            notices.append(Self.notice(path, "is a broken symbolic link"))
                        }
                        continue
                    }
                }
                if isDirectory.boolValue {
                    // A link out of the folders being linted (to `/`, a home folder, another
                    // checkout) is not followed: it would walk what nobody asked to lint.
                    if listed.kind == nil, FileKind.atPath(path) == .symbolicLink, !RealPath.isInside(RealPath.of(path), roots) { continue }
                    folders.append((path, absolutePath))
                } else if entry.hasSuffix(".swift") {
                    let isIncluded = configuration.included.isEmpty
                        || configuration.included.contains { PathMatcher.matches(relative, pattern: $0) }
                    if isIncluded {
                        read(path, absolute: absolutePath, status: listed.status, seen: &seen, seenFiles: &seenFiles)
                    }
                }
            }
            if tooLong > 0 {
                notices.append(Self.notice(directory, "holds \(tooLong) \(tooLong == 1 ? "entry" : "entries") whose path is longer than \(Self.longestPath - 1) bytes, more than the system opens; skipped"))
            }
            // Reversed onto the stack, so folders are walked in name order as before.
            pending.append(contentsOf: folders.reversed())
        }
    }

    /// The length, in bytes, from which the system refuses a path (`PATH_MAX`, with its NUL).
    static let longestPath = 4096

    /// Whether the system would refuse `path` or `absolutePath` for its length.
    private static func isTooLong(_ path: String, _ absolutePath: String) -> Bool {
        path.utf8.count >= longestPath || absolutePath.utf8.count >= longestPath
    }

    /// The entries whose status a folder's listing takes: the Swift files the walk may find.
    @Sendable private static func isSwiftFile(_ entry: DirectoryListing.Entry) -> Bool {
        entry.kind == .regular && entry.name.hasSuffix(".swift")
    }

    /// The entry `name` of `folder` as the walk writes it, made absolute, and relative to the
    /// root (empty without patterns); `nil` for an entry the walk passes over whatever it is:
    /// hidden or `excluded`.
    private static func candidate(
        _ name: String, in folder: FolderReadAhead.Folder, root: String, excluded: [String], hasPatterns: Bool
    ) -> (path: String, absolute: String, relative: String)? {
        // Hidden folders and build products (.build, .git, .swiftpm) never hold sources to lint.
        if name.hasPrefix(".") { return nil }
        let path = folder.path == "." ? name : PathText.joined(folder.path, name)
        let absolutePath = folder.absolute == "/" ? "/" + name : PathText.joining(folder.absolute, name)
        // A path relative to the root is made only for patterns to match: most configurations name none.
        let relative = hasPatterns ? PathMatcher.relative(absolutePath, to: root) : ""
        if excluded.contains(where: { PathMatcher.matches(relative, pattern: $0) }) { return nil }
        return (path, absolutePath, relative)
    }

    /// The subfolders of `folder` the walk enters that its listing says are folders, in the
    /// walk's order: what may be read ahead of it.
    private static func listedSubfolders(
        of folder: FolderReadAhead.Folder, entries: [DirectoryListing.Entry], root: String, excluded: [String], hasPatterns: Bool
    ) -> [FolderReadAhead.Folder] {
        entries.compactMap { listed in
            guard listed.kind == .directory,
                  let (path, absolutePath, _) = candidate(listed.name, in: folder, root: root, excluded: excluded, hasPatterns: hasPatterns),
                  !isTooLong(path, absolutePath) else { return nil }
            return (path, absolutePath)
        }
    }

    /// Whether some `included` pattern covers the folder `relative`, or lies inside it.
    static func included(_ patterns: [String], reach relative: String, root: String) -> Bool {
        if patterns.isEmpty || relative == root || relative.isEmpty || root.hasPrefix(relative + "/") {
            return true
        }
        if relative.hasPrefix("/") {
            // Outside the root: no pattern, which is relative to the root, can match.
            return false
        }
        return patterns.contains { pattern in
            let literal = String(pattern.prefix { !"*?[{".contains($0) })
            let prefix = literal.hasSuffix("/") ? String(literal.dropLast()) : literal
            return prefix.isEmpty || relative == prefix || relative.hasPrefix(prefix + "/")
                || prefix.hasPrefix(relative + "/") || PathMatcher.matches(relative, pattern: pattern)
        }
    }

    /// Takes a file once, however many paths (links) lead to it; `status` is its status where
    /// the folder's listing took it.
    private mutating func read(_ path: String, absolute key: String, status: FileStatus?, seen: inout Set<String>, seenFiles: inout Set<FileIdentity>) {
        // A file is known by its identity; by its absolute path only when it has no status.
        // Every file of a walk is asked, and hashing its whole path cost more than the identity.
        let status = status ?? FileStatus(path: path)
        if let status {
            guard seenFiles.insert(status.identity).inserted else { return }
        } else {
            guard seen.insert(key).inserted else { return }
        }
        found.append(PathMatcher.normalized(path))
        if keepsStamps {
            stamps.append(status.map(FileStamp.init))
        }
    }

    /// The largest source file read. Its syntax tree takes up to about 120 times its size, so
    /// this bounds the memory one file can take to about a gigabyte (a 50 MB file took 6 GB and
    /// ended the run under a memory limit), or to what an address-space limit leaves
    /// (`SourceSizeLimit`). Generated files run to a few megabytes; a larger one is skipped
    /// with a notice, and the other files are reported.
    public static let sizeLimit = SourceSizeLimit.bytes

    /// The text of a source file's bytes: UTF-8, with a leading byte-order mark left out (so that
    /// offsets count from the first character); `nil` if the bytes are not UTF-8.
    public static func text(of bytes: [UInt8]) -> String? {
        String(validating: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...], as: UTF8.self)
    }

    private func absolute(_ path: String) -> String {
        PathMatcher.normalized(URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    static func notice(_ path: String, _ problem: String) -> Diagnostic {
        Diagnostic(path: PathMatcher.normalized(path), line: 1, column: 1, ruleID: Notice.ioError.rawValue, severity: .warning,
                   message: "'\(PrintableText.escaping(path))' \(problem).")
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? "permission denied"
    }
}

private extension Configuration {
    /// Whether `included` or `excluded` name patterns, so that paths relative to the root are needed.
    var hasPatterns: Bool { !excluded.isEmpty || !included.isEmpty }
}
