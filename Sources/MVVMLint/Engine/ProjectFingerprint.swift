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

    /// The fingerprint of `files` (in any order) in the modules of `modules`.
    static func of(_ files: [File], modules: ModuleMap) -> UInt64 {
        var writer = BinaryWriter()
        writer.array(modules.modules) { writer, module in
            writer.string(module.name); writer.string(module.folder); writer.string(module.project)
            writer.bool(module.defaultsToMainActor)
        }
        writer.array(files.sorted { $0.path < $1.path }) { writer, file in
            writer.string(file.path); writer.uint64(file.contentHash); writer.uint64(file.settingsHash)
            writer.int(modules.moduleIndex(of: file.path))
        }
        return writer.bytes.withUnsafeBytes { StableHash.of($0) }
    }
}
