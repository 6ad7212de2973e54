import Foundation

/// A run after a few files changed since the stored run: each changed file is re-checked alone
/// when the project reads it as before.
extension Linter {
    /// The findings after the edit `edit`, or `nil` when it cannot be re-checked file by file
    /// and the project is linted whole. A changed file is re-checked alone when its facts,
    /// positions left out, are those the stored answers were given for: then the project's
    /// index and the project rules' work are unchanged, its findings' role conditions are
    /// answered by the questions it asked before, and the project rules' findings in it move
    /// with its lines. A question it did not ask before, a finding at a place the file no
    /// longer has, or a rule from outside the built-in set (which may read anything) lints the
    /// project. The findings are those a whole run would report, byte for byte.
    func lintEdit(
        _ edit: LintCache.StoredEdit, of sources: SourceList, configurationForFile: @escaping @Sendable (String) -> Configuration,
        cache: LintCache, modules: ModuleMap
    ) -> LintResult? {
        guard !runsOutsideProjectRules else { return nil }
        var files: [(index: Int, contentHash: UInt64, stamp: FileStamp?, answers: ProjectAnswers)] = []
        // The files whose text changed; a file touched but not changed keeps its stored findings.
        var changed: Set<String> = []
        var found: [Diagnostic] = []
        var projectFindings: [Diagnostic] = []
        // What a fix pass checks each file against: the facts cache keeps the older texts' hashes.
        var contentHashes: [String: UInt64] = [:]
        for index in edit.changed {
            let source = sources[index]
            guard case .file(let file) = source.content else { return nil }
            // The stamp before the read, so a change while the file is read shows next time.
            let stamp = FileStamp(path: file)
            guard case .text(let bytes) = source.read() else { return nil }
            let settled = stamp?.ifSettled(at: Int64(Date().timeIntervalSince1970))
            let contentHash = LintCache.hash(bytes)
            // Without the answers kept for it, the file cannot be re-checked alone.
            guard let stored = edit.answers(at: index) else { return nil }
            if contentHash == edit.contentHash(at: index) {
                // Touched, not changed: its findings stand, and its new stamp is kept.
                files.append((index, contentHash, settled, stored))
                continue
            }
            let configuration = configurationForFile(source.path)
            var timings: [TimedWork: Duration] = [:]
            let facts = extractFacts(source.path, SourceText(bytes: bytes), configuration: configuration, timings: &timings)
            // A test file's words feed other files' findings: its edit lints the project.
            guard edit.shapeDigest(at: index) != 0, !facts.isTestFile, facts.shapeDigest == edit.shapeDigest(at: index),
                  let recheck = recheck(facts, answers: stored, projectFindings: edit.projectFindings(in: source.path),
                                        configuration: configuration, configurationForFile: configurationForFile, modules: modules)
            else { return nil }
            files.append((index, contentHash, settled, recheck.answers))
            found += recheck.diagnostics
            projectFindings += recheck.projectFindings
            contentHashes[source.path] = contentHash
            changed.insert(source.path)
        }
        let diagnostics = Self.merging(found, into: edit.diagnostics.filter { !changed.contains($0.path) })
        cache.storeEdit(edit, files: files, changed: changed, diagnostics: diagnostics, projectFindings: projectFindings)
        contentHashes.merge(edit.contentHashes(of: Set(diagnostics.map(\.path)).subtracting(changed))) { new, _ in new }
        return LintResult(
            diagnostics: diagnostics, fileCount: sources.count, timings: [:], facts: [], contentHashes: contentHashes,
            filesFromCache: sources.count - changed.count, phase: .edited(files: changed.count)
        )
    }

    /// The findings of the changed file `facts` by the stored answers, its answers for the
    /// next run, and the project rules' findings in it moved to its new lines; `nil` when the
    /// stored answers do not settle them.
    private func recheck(
        _ facts: FileFacts, answers stored: ProjectAnswers, projectFindings: [Diagnostic], configuration: Configuration,
        configurationForFile: @escaping @Sendable (String) -> Configuration, modules: ModuleMap
    ) -> (diagnostics: [Diagnostic], answers: ProjectAnswers, projectFindings: [Diagnostic])? {
        var answers = ProjectAnswers()
        var diagnostics = facts.notices
        for pending in facts.pending {
            // The answers this file's findings ask now are what the next run may use.
            guard let holds = answers.asking(pending.conditions, { stored.answer(to: $0) }) else { return nil }
            guard holds, rules.declared.admits(pending, path: facts.path, modules: modules, configurationForFile: configurationForFile) else { continue }
            var reason: String?
            if let typeName = Self.explainedTypeName(of: pending) {
                guard let given = stored.reason(for: typeName) else { return nil }
                answers.record(reason: given, for: typeName)
                reason = given
            }
            diagnostics.append(Self.explainingViewModel(pending) { _ in reason })
        }
        // The project rules found these in the file before; the same facts find them again,
        // each at the place of the fact it was found at.
        var moved: [Diagnostic] = []
        guard projectFindings.isEmpty || stored.positions.count == facts.positions.count else { return nil }
        let positions = facts.positions
        for finding in projectFindings {
            guard finding.fix == nil, finding.fixInOtherFiles == nil,
                  let place = Self.place(of: finding, old: stored.positions, new: positions) else { return nil }
            var finding = finding
            (finding.line, finding.column) = place
            moved.append(finding)
        }
        if !moved.isEmpty {
            answers.positions = positions
        }
        for finding in moved where DiagnosticAdmission.admits(
            finding, enabled: isEnabled(projectRule: finding.ruleID, in: configuration), parsed: !facts.isUnparsed, suppressions: facts.suppressions
        ) {
            diagnostics.append(finding)
        }
        return (diagnostics, answers, moved)
    }

    /// The sorted findings `kept` with `added` (of files none of `kept` is in) sorted in, as a
    /// whole run's `Array(Set(...)).sorted()` orders them: each file's findings go where its
    /// path sorts. Sorting every finding again was most of an edit's own work.
    static func merging(_ added: [Diagnostic], into kept: [Diagnostic]) -> [Diagnostic] {
        let added = Array(Set(added)).sorted()
        var merged: [Diagnostic] = []
        merged.reserveCapacity(kept.count + added.count)
        var next = 0
        var start = 0
        while start < added.count {
            let path = added[start].path
            var end = start
            while end < added.count, added[end].path == path { end += 1 }
            // The first kept finding whose path sorts after this one.
            var (low, high) = (next, kept.count)
            while low < high {
                let middle = (low + high) / 2
                if kept[middle].path < path { low = middle + 1 } else { high = middle }
            }
            merged += kept[next..<low]
            merged += added[start..<end]
            (next, start) = (low, end)
        }
        merged += kept[next...]
        return merged
    }

    /// Where a finding at a place of the old positions is now: the new place of every old one
    /// it matches, if they agree.
    private static func place(of finding: Diagnostic, old: [Int], new: [Int]) -> (line: Int, column: Int)? {
        var place: (line: Int, column: Int)?
        for pair in stride(from: 0, to: old.count - 1, by: 2) where old[pair] == finding.line && old[pair + 1] == finding.column {
            let now = (line: new[pair], column: new[pair + 1])
            guard place == nil || place! == now else { return nil }
            place = now
        }
        return place
    }

    /// Whether the project rule `id` is enabled by `configuration`.
    private func isEnabled(projectRule id: String, in configuration: Configuration) -> Bool {
        projectRules.contains { type(of: $0).description.id == id && configuration.isEnabled(type(of: $0).description) }
    }
}
