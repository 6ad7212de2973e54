import Foundation

extension ProjectSession {
    /// Applies the fixes of `diagnostics` to the texts they were made from: those in memory in
    /// `sources`, else the file as it is now if its hash is the one in `contentHashes` (a lint
    /// result's) or, for a file the cache spared from reading, the one the cache stored. A file
    /// that changed since, or that the fix would leave unparsable, is left alone and named in the
    /// report. Fixes that span files are worked out first, from the `linted` files (by default
    /// those of `sources` and `diagnostics`) as they are now, and are applied in every file or
    /// in none. With `dryRun` no file is written: the report holds the new
    /// texts instead, after the checks a fix makes before it opens a file.
    public func fix(
        _ diagnostics: [Diagnostic], sources: [SourceInput] = [], contentHashes: [String: UInt64] = [:], linted: [String]? = nil,
        dryRun: Bool = false
    ) -> FixReport {
        var texts: [String: String] = [:]
        for source in sources {
            if case .text(let text) = source.content, texts[source.path] == nil {
                texts[source.path] = text
            }
        }
        // Fixes made while linting were made from the text the run or the cache hashed, so that
        // is the text to check against now.
        let madeWhileLinting = Set(diagnostics.flatMap(\.fixByPath.keys))
        for path in madeWhileLinting where texts[path] == nil {
            if let text = Self.linted(path, hashes: contentHashes, cache: cache) {
                texts[path] = text
            }
        }
        // Fixes that span files are made now, from the files as they are; a file that changed
        // since it was linted is not read.
        let known = texts
        // A file named on its own hides the files beside it from fixes that reach other files.
        let namesFilesOnly = paths.contains { path in
            var isFolder: ObjCBool = false
            return !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) || !isFolder.boolValue
        }
        let context = FixContext(paths: linted ?? Array(Set(sources.map(\.path) + diagnostics.map(\.path))).sorted(), namesFilesOnly: namesFilesOnly) { [cache] path in
            if let text = known[path] { return text }
            return madeWhileLinting.contains(path) ? nil : Self.linted(path, hashes: contentHashes, cache: cache, unknownIsLinted: true)
        }
        let diagnostics = rules.completingFixes(diagnostics, in: context)
        for path in Set(diagnostics.flatMap(\.fixByPath.keys)) where texts[path] == nil {
            texts[path] = context.text(of: path)
        }
        var report = FixReport(changedFiles: 0, fixedViolations: 0, notFixed: [], isDryRun: dryRun)
        report.count(diagnostics)
        var plan = FixPlan(diagnostics)
        if !plan.overlapping.isEmpty {
            report.left[FixPlan.overlapReason, default: 0] += plan.overlapping.count
        }
        apply(&plan, texts: texts, dryRun: dryRun, into: &report)
        return report
    }

    /// The text of the file at `path` if it is still the one linted: its hash is the one in
    /// `hashes` or, failing that, the cache's. With `unknownIsLinted`, a file neither knows is
    /// taken as it is.
    static func linted(_ path: String, hashes: [String: UInt64], cache: LintCache?, unknownIsLinted: Bool = false) -> String? {
        guard case .text(let bytes) = SourceInput.read(file: path) else { return nil }
        guard let known = hashes[path] ?? cache?.contentHash(for: path) else {
            return unknownIsLinted ? String(decoding: bytes, as: UTF8.self) : nil
        }
        return LintCache.hash(bytes) == known ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// What fixing the file at `path` would do, adding the new text to `changes`: the checks and
    /// the text of ``FileFixer/fix(path:linted:edits:)``, without opening the file to write.
    static func preview(path: String, linted: String, edits: [TextEdit], into changes: inout [FileChange]) -> FileFixer.Outcome {
        if let problem = FileFixer.check(path: path, linted: linted, edits: edits, readsFile: false) {
            return problem
        }
        let fixed = FileFixer.apply(edits, to: linted)
        guard fixed != linted else { return .fixed(edits: 0) }
        changes.append(FileChange(path: path, old: linted, new: fixed, byteOrderMark: FileChange.startsWithByteOrderMark(path)))
        return .fixed(edits: Set(edits).count)
    }
}

extension FixReport {
    /// Why the findings of a file whose fixes change nothing are left.
    static let unchangedReason = "their fixes change nothing"

    /// Counts the findings that have no fix, and those a rule left unfixed with a reason.
    mutating func count(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where diagnostic.fixByPath.isEmpty {
            if let reason = diagnostic.unfixedReason {
                left[reason, default: 0] += 1
                reasons[diagnostic.leftKey] = reason
            } else if Notice(rawValue: diagnostic.ruleID) == nil {
                withoutFix += 1
            }
        }
    }

    /// Names `path` as left alone for `reason`, and counts its findings with fixes as left.
    mutating func leave(_ found: [Diagnostic], in path: String, because reason: NotFixed) {
        notFixed.append(.init(path: path, reason: reason))
        left[reason.summary, default: 0] += found.count
    }
}

extension FixReport.NotFixed {
    /// The reason in the few words of the fix summary, for the findings of such a file.
    public var summary: String {
        switch self {
        case .changedSinceLinted: "the file changed since it was linted"
        case .changedWhileFixed: "the file changed while it was read"
        case .wouldNotParse: "the fixed file would not parse"
        case .refused(let reason): "the file may not be replaced: \(reason)"
        case .writeFailed: "the file could not be written"
        }
    }
}
