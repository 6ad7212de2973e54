import Foundation

/// The project phase of a run.
extension Linter {
    /// The project phase: the file findings whose role conditions the whole project settles,
    /// then the project rules, each finding admitted by its file's settings and suppressions.
    func lintProject(
        _ facts: [FileFacts], encodedPending: ResultCollector.EncodedPending, index: ProjectIndex,
        configurationForFile: @escaping @Sendable (String) -> Configuration, modules: ModuleMap, timings: inout [TimedWork: Duration]
    ) -> [Diagnostic] {
        // Each file's findings are admitted on their own, and each project rule runs on its own:
        // on many cores a serial project phase is what the run would wait for.
        let admitted = sharedMap(count: facts.count, jobs: jobs) { position -> [Diagnostic] in
            let file = facts[position]
            var found = file.notices
            let visible = index.visible(from: file.path)
            for pending in Self.pending(of: file, encoded: encodedPending, at: position, where: { index.satisfies($0, visible: visible) })
            where rules.declared.admits(pending, path: file.path, modules: modules, configurationForFile: configurationForFile) {
                found.append(Self.explainingViewModel(pending, index: index, path: file.path))
            }
            return found
        }
        index.forgetAnswers()
        var diagnostics = admitted.flatMap { $0 }
        let suppressions = Dictionary(facts.map { ($0.path, $0.suppressions) }, uniquingKeysWith: { first, _ in first })
        let project = ProjectContext(files: facts, index: index, configurationForFile: configurationForFile)
        // A file that does not parse gets its notice and nothing else, from any rule.
        let unparsed = Set(facts.filter { file in
            file.notices.contains { $0.ruleID == Notice.parseError.rawValue || $0.ruleID == Notice.tooComplex.rawValue }
        }.map(\.path))
        let checked = sharedMap(count: projectRules.count, jobs: jobs, minimum: facts.count >= 256 ? 2 : .max) { position in
            let rule = projectRules[position]
            let description = type(of: rule).description
            let start = ContinuousClock.now
            let found = rule.check(project).filter { diagnostic in
                DiagnosticAdmission.admits(
                    diagnostic, enabled: configurationForFile(diagnostic.path).isEnabled(description),
                    parsed: !unparsed.contains(diagnostic.path), suppressions: suppressions[diagnostic.path]
                )
            }
            return (found, description.id, ContinuousClock.now - start)
        }
        for (found, id, duration) in checked {
            diagnostics += found
            if measuresTime {
                timings[.rule(id), default: .zero] += duration
            }
        }
        return diagnostics
    }

    /// How the facts read back cut test files' words, or `nil` to keep them all: facts a caller
    /// receives keep every word, and a rule from outside the built-in set may read any.
    var testWordCut: (([FileFacts]) -> Set<String>)? {
        guard !keepsFacts, !runsOutsideProjectRules else { return nil }
        let linter = self
        return { linter.testWordsAsked(in: $0) }
    }

    /// The words of test files that the built-in project rules may look up (``TestWordReader``).
    /// The project phase cuts each test file's words to these as it reads the facts back
    /// (``ResultCollector/take(jobs:sharingPathsOf:testWordsAsked:)``): a test file mentions
    /// hundreds of words, and the rules look up a few.
    func testWordsAsked(in facts: [FileFacts]) -> Set<String> {
        var asked: Set<String> = []
        for case let reader as any TestWordReader.Type in projectRules.map({ type(of: $0) }) {
            asked.formUnion(reader.wordsAsked(in: facts))
        }
        return asked
    }

    /// The pending findings of `file` whose conditions satisfy `holds`: decoded from `encoded`
    /// when the collector kept them so.
    static func pending(
        of file: FileFacts, encoded: ResultCollector.EncodedPending, at position: Int, where holds: ([RoleCondition]) -> Bool
    ) -> [PendingDiagnostic] {
        // The bytes were written by this process a moment ago; if they do not decode, the run
        // stops rather than drop the file's findings.
        do {
            return try encoded.pending(position, where: holds) ?? file.pending.filter { holds($0.conditions) }
        } catch {
            preconditionFailure("the pending findings of \(file.path) could not be read back")
        }
    }

    /// The finding, saying why the class it takes for a view model is one when the class's name
    /// does not: a model object a view owns is a view model by the rule book, and the reader
    /// judges better knowing which view made it one.
    static func explainingViewModel(_ pending: PendingDiagnostic, index: ProjectIndex, path: String) -> Diagnostic {
        var diagnostic = pending.diagnostic
        guard let condition = pending.conditions.first(where: { $0.role == .viewModel && $0.holds }),
              let reason = index.viewModelReason(condition.typeName, in: path) else { return diagnostic }
        let name = condition.typeName.split(separator: ".").last.map(String.init) ?? condition.typeName
        diagnostic.message += " '\(name)' is a view model because \(reason)."
        return diagnostic
    }
}
