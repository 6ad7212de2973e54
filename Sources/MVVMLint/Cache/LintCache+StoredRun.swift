import Foundation

/// The findings of the last whole run: read to answer a re-run of an unchanged project, and
/// replaced by each run that lints.
extension LintCache {
    /// The findings of the last whole run and what they were made from, if stored.
    var storedProject: StoredProjectResult? {
        lock.withLock { projectResult }
    }

    /// The fingerprint of the settings `configuration`, under this cache's rules.
    func configurationHash(_ configuration: Configuration) -> UInt64 {
        configurationHashes.hash(configuration)
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

    /// The findings of the last whole run, when it was this very project: every file of
    /// `sources` still has the stamp it had then, and the fingerprint of paths, texts, settings
    /// (`settings` gives each file's) and `modules` is the stored one. A stat per file, on
    /// `jobs` threads, and nothing read but the small file of stored findings. `nil` when
    /// `mayAnswer` is false or the project changed: the run lints, and the stored findings are
    /// let go.
    func storedRun(
        of sources: SourceList, configurationForFile: @escaping @Sendable (String) -> Configuration, modules: ModuleMap, jobs: Int, mayAnswer: Bool
    ) -> (diagnostics: [Diagnostic], contentHashes: [String: UInt64])? {
        if mayAnswer, let stored = storedProject, stored.files.count == sources.count {
            let parts = concurrentMap(count: sources.count, jobs: jobs) { index -> ProjectFingerprint.File? in
                let source = sources[index]
                // Discovery's stamp where it took one: no second stat of every file.
                guard case .file(let file) = source.content, let known = stored.file(at: index, path: source.path),
                      let stamp = source.stamp ?? FileStamp(path: file), stamp == known.stamp else { return nil }
                return ProjectFingerprint.File(
                    path: source.path, contentHash: known.contentHash, configurationHash: self.configurationHash(configurationForFile(source.path)), stamp: stamp
                )
            }
            let files = parts.compactMap { $0 }
            if files.count == sources.count, ProjectFingerprint.of(files, modules: modules, jobs: jobs) == stored.fingerprint {
                countReused(files.count)
                // What a fix pass checks each file against, for the files it may change.
                let fixable = Set(stored.diagnostics.filter { $0.fix?.isEmpty == false }.map(\.path))
                let contentHashes = Dictionary(
                    files.filter { fixable.contains($0.path) }.map { ($0.path, $0.contentHash) }, uniquingKeysWith: { first, _ in first }
                )
                return (stored.diagnostics, contentHashes)
            }
        }
        setAsideStoredProject()
        return nil
    }

    /// Stores the findings of a whole run over `files` (each file's part of the fingerprint, in
    /// the run's order) in `modules`; `nil` files (facts handed in from outside, which have no
    /// fingerprint) forget the stored ones.
    func storeRun(files: [ProjectFingerprint.File]?, modules: ModuleMap, jobs: Int, diagnostics: [Diagnostic]) {
        guard isEnabled else { return }
        storeProjectResult(fingerprint: files.map { ProjectFingerprint.of($0, modules: modules, jobs: jobs) }, files: files, diagnostics: diagnostics)
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
}
