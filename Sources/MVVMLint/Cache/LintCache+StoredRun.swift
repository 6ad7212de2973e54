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

    /// What the stored run says about this run's files.
    enum StoredRun {
        /// Every file has the stamp it had: the stored findings, and the content hash of each
        /// file a fix pass may change.
        case unchanged(diagnostics: [Diagnostic], contentHashes: [String: UInt64])
        /// Only a few files may have changed (their stamps did, or they had not settled): the
        /// engine re-checks them alone where the stored answers still hold, and stores the
        /// result with ``LintCache/storeEdit(_:files:changed:diagnostics:projectFindings:)``.
        case edited(StoredEdit)
    }

    /// The stored run and the files whose stamps changed since, with everything else
    /// (paths, their order, settings, modules) as it was.
    struct StoredEdit: Sendable {
        fileprivate let stored: StoredProjectResult
        /// Each file's part of the fingerprint, with the hash of its text as stored.
        fileprivate let parts: [ProjectFingerprint.File]
        fileprivate let modules: ModuleMap
        fileprivate let jobs: Int
        /// The positions of the files whose stamps changed, in order.
        let changed: [Int]

        /// The stored findings of the whole project.
        var diagnostics: [Diagnostic] { stored.diagnostics }
        /// The hash of the text the file at `index` had.
        func contentHash(at index: Int) -> UInt64 { stored.files[index].contentHash }
        /// What the project phase answered for the file at `index`, if it kept that.
        func answers(at index: Int) -> ProjectAnswers? { stored.files[index].decodedAnswers }
        /// The shape digest of the facts the file at `index` had (zero: unknown).
        func shapeDigest(at index: Int) -> UInt64 { stored.files[index].shapeDigest }
        /// The project rules' findings in the file at `path`, before admission.
        func projectFindings(in path: String) -> [Diagnostic] { stored.projectFindings.filter { $0.path == path } }
        /// The stored hash of the text of each file of `paths`.
        func contentHashes(of paths: Set<String>) -> [String: UInt64] {
            guard !paths.isEmpty else { return [:] }
            return Dictionary(parts.filter { paths.contains($0.path) }.map { ($0.path, $0.contentHash) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The most changed files a run re-checks alone; with more, it lints the project.
    static let mostEditedFiles = 32

    /// What the last whole run says about `sources`: `.unchanged` when every file still has
    /// its stamp and the fingerprint of paths, texts, settings (`configurationForFile` gives
    /// each file's) and `modules` is the stored one; `.edited` when at most
    /// ``mostEditedFiles`` files have another stamp and the fingerprint with their stored texts
    /// is the stored one. A stat per file, on `jobs` threads, and nothing read but the small
    /// file of stored findings. `nil` when `mayAnswer` is false or the project changed
    /// otherwise: the run lints, and the stored findings are let go.
    func storedRun(
        of sources: SourceList, configurationForFile: @escaping @Sendable (String) -> Configuration, modules: ModuleMap, jobs: Int, mayAnswer: Bool
    ) -> StoredRun? {
        if mayAnswer, let stored = storedProject, stored.files.count == sources.count {
            let parts = concurrentMap(count: sources.count, jobs: jobs) { index -> ProjectFingerprint.File? in
                let source = sources[index]
                // Discovery's stamp where it took one: no second stat of every file.
                guard case .file(let file) = source.content, let known = stored.file(at: index, path: source.path) else { return nil }
                return ProjectFingerprint.File(
                    path: source.path, contentHash: known.contentHash, configurationHash: self.configurationHash(configurationForFile(source.path)),
                    stamp: source.stamp ?? FileStamp(path: file)
                )
            }
            let files = parts.compactMap { $0 }
            if files.count == sources.count, ProjectFingerprint.of(files, modules: modules, jobs: jobs) == stored.fingerprint {
                let changed = files.indices.filter { files[$0].stamp == nil || files[$0].stamp != stored.files[$0].stamp }
                if changed.isEmpty {
                    countReused(files.count)
                    // What a fix pass checks each file against, for every file with a finding: a
                    // project rule's finding gets its fix in the fix pass, and after an edit the
                    // facts cache may hold an older text's hash.
                    let reported = Set(stored.diagnostics.map(\.path))
                    let contentHashes = Dictionary(
                        files.filter { reported.contains($0.path) }.map { ($0.path, $0.contentHash) }, uniquingKeysWith: { first, _ in first }
                    )
                    return .unchanged(diagnostics: stored.diagnostics, contentHashes: contentHashes)
                }
                if changed.count <= Self.mostEditedFiles {
                    setAsideStoredProject()
                    let answered = stored.withAnswers(from: answersURL, tool: tool)
                    return .edited(StoredEdit(stored: answered, parts: files, modules: modules, jobs: jobs, changed: changed))
                }
            }
        }
        setAsideStoredProject()
        return nil
    }

    /// Stores the result of re-checking the changed files of `edit` alone: each one's hash,
    /// stamp and answers by its position, the project's findings, and the project rules'
    /// findings (before admission) in the files whose text `changed`; in a file only touched
    /// they stand.
    func storeEdit(
        _ edit: StoredEdit, files: [(index: Int, contentHash: UInt64, stamp: FileStamp?, answers: ProjectAnswers)],
        changed: Set<String>, diagnostics: [Diagnostic], projectFindings: [Diagnostic]
    ) {
        var stored = edit.stored
        var parts = edit.parts
        for file in files {
            stored.files[file.index].contentHash = file.contentHash
            stored.files[file.index].stamp = file.stamp
            stored.files[file.index].answers = file.answers.encoded[...]
            parts[file.index].contentHash = file.contentHash
        }
        stored.fingerprint = ProjectFingerprint.of(parts, modules: edit.modules, jobs: edit.jobs)
        stored.diagnostics = diagnostics
        stored.projectFindings = stored.projectFindings.filter { !changed.contains($0.path) } + projectFindings
        lock.withLock {
            projectResult = stored
            isProjectResultDirty = true
        }
    }

    /// Stores the findings of a whole run over `files` (each file's part of the fingerprint, in
    /// the run's order) in `modules`, with what the project phase answered for each file
    /// (`answers`, encoded, in the same order; empty when it kept none) and the project rules' findings
    /// before admission; `nil` files (facts handed in from outside, which have no fingerprint)
    /// forget the stored ones.
    func storeRun(
        files: [ProjectFingerprint.File]?, modules: ModuleMap, jobs: Int, diagnostics: [Diagnostic],
        answers: [[UInt8]] = [], projectFindings: [Diagnostic] = []
    ) {
        guard isEnabled else { return }
        var stored: StoredProjectResult?
        if let files {
            // At its final size: grown, it was held twice at the end of a run that fills the cache.
            var kept: [StoredProjectResult.File] = []
            kept.reserveCapacity(files.count)
            for (index, file) in files.enumerated() {
                kept.append(StoredProjectResult.File(
                    path: file.path, stamp: file.stamp, contentHash: file.contentHash, shapeDigest: file.shapeDigest,
                    answers: answers.count == files.count ? answers[index][...] : []
                ))
            }
            stored = StoredProjectResult(
                fingerprint: ProjectFingerprint.of(files, modules: modules, jobs: jobs), files: kept, diagnostics: diagnostics,
                projectFindings: answers.count == files.count ? projectFindings : []
            )
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
