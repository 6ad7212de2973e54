import Foundation

extension ProjectSession {
    /// Writes (with `dryRun`, previews) the fixes of `plan` file by file, from `texts`, and
    /// counts what happened in `report`.
    ///
    /// Every file of a fix that spans files is checked first, before any file is written (it
    /// holds the text the fix was made from, is a writable regular file, and parses once fixed):
    /// a file that fails takes its findings out of every file, and the files left are checked
    /// again. Then each file is written on its own, as a single-file fix is. Between the check
    /// and the write another program may still change a file, or the disk fill up: a write that
    /// fails then cannot take back the files of the same finding written before it, and the
    /// finding is left with a reason that names them.
    func apply(_ plan: inout FixPlan, texts: [String: String], dryRun: Bool, into report: inout FixReport) {
        var checked: [String: [TextEdit]] = [:]
        var settled = false
        while !settled {
            settled = true
            for path in plan.paths where plan.spansFiles(path) {
                let edits = plan.edits(in: path)
                if checked[path] == edits { continue }
                let problem: FixReport.NotFixed?
                if let text = texts[path] {
                    problem = FileFixer.check(path: path, linted: text, edits: edits, readsFile: !dryRun).flatMap(FixReport.NotFixed.init)
                } else {
                    problem = .changedSinceLinted
                }
                guard let problem else {
                    checked[path] = edits
                    continue
                }
                report.leave(plan.drop(touching: path).map(\.diagnostic), in: path, because: problem)
                settled = false
            }
        }
        var written: Set<String> = []
        for path in plan.paths {
            let touching = plan.applied(touching: path)
            guard !touching.isEmpty else { continue }
            guard let text = texts[path] else {
                report.leave(plan.drop(touching: path).map(\.diagnostic), in: path, because: .changedSinceLinted)
                continue
            }
            let edits = plan.edits(in: path)
            let outcome = dryRun
                ? Self.preview(path: path, linted: text, edits: edits, into: &report.changes)
                : FileFixer().fix(path: path, linted: text, edits: edits)
            if case .fixed(let count) = outcome {
                if count > 0 {
                    report.changedFiles += 1
                    written.insert(path)
                } else {
                    // Findings whose edits here change nothing, and that have no other file.
                    let unchanged = plan.drop(touching: path, where: { !$0.spansFiles })
                    report.left[FixReport.unchangedReason, default: 0] += unchanged.count
                }
                continue
            }
            guard let reason = FixReport.NotFixed(outcome) else { continue }
            report.notFixed.append(.init(path: path, reason: reason))
            for entry in plan.drop(touching: path) {
                let changed = entry.edits.keys.filter(written.contains).sorted()
                report.left[changed.isEmpty ? reason.summary : FixReport.partlyWritten(changed, notWritten: path, because: reason), default: 0] += 1
            }
        }
        report.fixedViolations += plan.appliedCount
    }
}

extension FixReport {
    /// Why a finding whose fix spans files is left after some of its files were written: the
    /// files that changed, and the one that could not be written.
    static func partlyWritten(_ changed: [String], notWritten path: String, because reason: NotFixed) -> String {
        // The summary escapes the reason as a whole when it prints it.
        "its fix was written only in part: \(changed.joined(separator: ", ")) changed, \(path) did not (\(reason.summary))"
    }
}

extension FixReport.NotFixed {
    /// Why a file was left alone, from the fixer's outcome; `nil` for a fix.
    init?(_ outcome: FileFixer.Outcome) {
        switch outcome {
        case .fixed: return nil
        case .changedOnDisk: self = .changedWhileFixed
        case .wouldNotParse: self = .wouldNotParse
        case .refused(let reason): self = .refused(reason)
        case .writeFailed(let reason): self = .writeFailed(reason)
        }
    }
}
