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
        var settingsHash: UInt64
        var stamp: FileStamp?
    }

    /// The fingerprint of `files` (in any order) in the modules of `modules`: the stable hash of
    /// the modules and then the files in path order, each as its path, hashes and module. Hashed
    /// as it is written, a file at a time: written whole first, at monorepo size it took 11 MB
    /// beside everything the run still held.
    ///
    /// Each file's module is looked up on up to `jobs` threads: a re-run on many cores waits for
    /// this serial walk over every file.
    static func of(_ files: [File], modules: ModuleMap, jobs: Int = 1) -> UInt64 {
        var head = BinaryWriter()
        head.array(modules.modules) { writer, module in
            writer.string(module.name); writer.string(module.folder); writer.string(module.project)
            writer.bool(module.defaultsToMainActor)
        }
        head.int(files.count)
        let order = files.indices.sorted { files[$0].path < files[$1].path }
        let moduleOfFile = concurrentMap(count: files.count, jobs: jobs) { modules.moduleIndex(of: files[$0].path) }
        func write(_ index: Int, to writer: inout BinaryWriter) {
            writer.string(files[index].path); writer.uint64(files[index].contentHash); writer.uint64(files[index].settingsHash)
            writer.int(moduleOfFile[index])
        }
        // The running hash starts from the length, so the length is counted first.
        var length = head.bytes.count
        for index in order {
            var writer = BinaryWriter()
            write(index, to: &writer)
            length += writer.bytes.count
        }
        var hash = StableHash.Running(length: length)
        head.bytes.withUnsafeBytes { hash.add($0) }
        for index in order {
            var writer = BinaryWriter()
            write(index, to: &writer)
            writer.bytes.withUnsafeBytes { hash.add($0) }
        }
        return hash.finish()
    }
}
