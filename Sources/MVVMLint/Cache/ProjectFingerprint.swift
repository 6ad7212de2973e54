/// What a project's findings are made from, in one number: every file's path, text and
/// settings, and the module each is in. Two runs with the same number find the same, so a re-run
/// over an unchanged project can report the findings the cache stored instead of reading facts.
enum ProjectFingerprint {
    /// One file's part: its path, the hash of its text and the hash of its settings; and its
    /// stamp when read, if it had settled (not part of the fingerprint: what lets a re-run know
    /// the text without reading it).
    struct File: Sendable {
        var path: String
        var contentHash: UInt64
        var configurationHash: UInt64
        var stamp: FileStamp?
        /// The facts' ``FileFacts/shapeDigest`` (not part of the fingerprint: what tells an
        /// edit the rest of the project reads as before).
        var shapeDigest: UInt64 = 0
    }

    /// The fingerprint of `files` (in any order) in the modules of `modules`: the stable hash of
    /// the modules, the number of files and then each file's own hash in path order, a file's
    /// hash being that of its path, hashes and module. The files are hashed on up to `jobs`
    /// threads: a re-run on many cores waits for this walk over every file, and the walk left
    /// on one thread is a sort and eight bytes a file.
    static func of(_ files: [File], modules: ModuleMap, jobs: Int = 1) -> UInt64 {
        let hashes = concurrentMap(count: files.count, jobs: jobs) { index -> UInt64 in
            var writer = BinaryWriter()
            writer.string(files[index].path); writer.uint64(files[index].contentHash); writer.uint64(files[index].configurationHash)
            writer.int(modules.moduleIndex(of: files[index].path))
            return writer.bytes.withUnsafeBytes { StableHash.of($0) }
        }
        var writer = BinaryWriter()
        writer.array(modules.modules) { writer, module in
            writer.string(module.name); writer.string(module.folder); writer.string(module.project)
            writer.bool(module.defaultsToMainActor)
        }
        writer.int(files.count)
        for index in files.indices.sorted(by: { files[$0].path < files[$1].path }) {
            writer.uint64(hashes[index])
        }
        return writer.bytes.withUnsafeBytes { StableHash.of($0) }
    }
}
