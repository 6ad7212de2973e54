import Foundation

/// The project phase of a run.
extension Linter {
    /// The project phase: the file findings whose role conditions the whole project settles,
    /// then the project rules, each finding admitted by its file's settings and suppressions.
    /// With `keepsAnswers`, also what it answered for each file (in the order of `facts`) and
    /// what the project rules found before admission, for a later run to re-check an edit.
    func lintProject(
        _ facts: [FileFacts], encodedPending: ResultCollector.EncodedPending, index: ProjectIndex,
        configurationForFile: @escaping @Sendable (String) -> Configuration, modules: ModuleMap, keepsAnswers: Bool = false,
        timings: inout [TimedWork: Duration]
    ) -> (diagnostics: [Diagnostic], answers: [[UInt8]], projectFindings: [Diagnostic]) {
        // Each file's findings are admitted on their own, and each project rule runs on its own:
        // on many cores a serial project phase is what the run would wait for.
        let admitted = sharedMap(count: facts.count, jobs: jobs) { position -> ([Diagnostic], [UInt8]) in
            let file = facts[position]
            var found = file.notices
            var kept = ProjectAnswers()
            let visible = index.visible(from: file.path)
            // Asked one question at a time when answers are kept, in the order a re-check asks them.
            func holds(_ conditions: [RoleCondition]) -> Bool {
                guard keepsAnswers else { return index.satisfies(conditions, visible: visible) }
                return kept.asking(conditions) { index.answer($0, visible: visible) } ?? false
            }
            for pending in Self.pending(of: file, encoded: encodedPending, at: position, where: holds)
            where rules.declared.admits(pending, path: file.path, modules: modules, configurationForFile: configurationForFile) {
                found.append(Self.explainingViewModel(pending) { typeName in
                    let reason = index.viewModelReason(typeName, in: file.path)
                    if keepsAnswers { kept.record(reason: reason, for: typeName) }
                    return reason
                })
            }
            guard keepsAnswers else { return (found, []) }
            // Encoded at once: a value per file, held until the run ends, took more room than the
            // bytes; most files ask nothing, and share one array.
            return (found, kept == ProjectAnswers() ? Self.noAnswers : kept.encoded)
        }
        index.forgetAnswers()
        var diagnostics = admitted.flatMap(\.0)
        var answers = keepsAnswers ? admitted.map(\.1) : []
        let suppressions = Dictionary(facts.map { ($0.path, $0.suppressions) }, uniquingKeysWith: { first, _ in first })
        let project = ProjectContext(files: facts, index: index, configurationForFile: configurationForFile)
        // A file that does not parse gets its notice and nothing else, from any rule.
        let unparsed = Set(facts.filter(\.isUnparsed).map(\.path))
        let checked = sharedMap(count: projectRules.count, jobs: jobs, minimum: facts.count >= 256 ? 2 : .max) { position in
            let rule = projectRules[position]
            let description = type(of: rule).description
            let start = ContinuousClock.now
            let found = rule.check(project)
            let admitted = found.filter { diagnostic in
                DiagnosticAdmission.admits(
                    diagnostic, enabled: configurationForFile(diagnostic.path).isEnabled(description),
                    parsed: !unparsed.contains(diagnostic.path), suppressions: suppressions[diagnostic.path]
                )
            }
            return (admitted, keepsAnswers ? found : [], description.id, ContinuousClock.now - start)
        }
        var projectFindings: [Diagnostic] = []
        for (found, raw, id, duration) in checked {
            diagnostics += found
            projectFindings += raw
            if measuresTime {
                timings[.rule(id), default: .zero] += duration
            }
        }
        if keepsAnswers {
            // Where the project rules reported, the file's positions move their findings after an edit.
            let reported = Set(projectFindings.map(\.path))
            for position in facts.indices where reported.contains(facts[position].path) {
                var reader = BinaryReader(answers[position])
                guard var kept = try? ProjectAnswers(from: &reader) else { continue }
                kept.positions = facts[position].positions
                answers[position] = kept.encoded
            }
        }
        return (diagnostics, answers, projectFindings)
    }

    /// The encoded answers of a file whose findings asked nothing.
    static let noAnswers = ProjectAnswers().encoded

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
    /// does not (`reason` gives it for a type name): a model object a view owns is a view model
    /// by the rule book, and the reader judges better knowing which view made it one.
    static func explainingViewModel(_ pending: PendingDiagnostic, reason: (String) -> String?) -> Diagnostic {
        var diagnostic = pending.diagnostic
        guard let typeName = explainedTypeName(of: pending), let reason = reason(typeName) else { return diagnostic }
        let name = typeName.split(separator: ".").last.map(String.init) ?? typeName
        diagnostic.message += " '\(name)' is a view model because \(reason)."
        return diagnostic
    }

    /// The type a finding's message explains as a view model, if any: the first its conditions
    /// require to be one.
    static func explainedTypeName(of pending: PendingDiagnostic) -> String? {
        pending.conditions.first(where: { $0.role == .viewModel && $0.holds })?.typeName
    }
}

extension FileFacts {
    /// Whether the file did not parse or was too complex to read: it gets its notice and no
    /// finding from any rule.
    var isUnparsed: Bool {
        notices.contains { $0.ruleID == Notice.parseError.rawValue || $0.ruleID == Notice.tooComplex.rawValue }
    }
}

/// Whether a rule's finding is reported, decided the same way for file rules and project rules:
/// the rule is enabled by the file's settings, the file parsed, and no `mvvm:` comment in it
/// suppresses the finding. (The role conditions a file rule's finding carries are checked when
/// the whole project is known, by ``ProjectIndex``.)
enum DiagnosticAdmission {
    /// Whether `diagnostic`, found by a rule the file's settings enable or not (`enabled`) in a
    /// file with suppression comments `suppressions`, is reported; `parsed` is false for a file
    /// that did not parse or was too complex to read, which gets its notice and nothing else.
    static func admits(_ diagnostic: Diagnostic, enabled: Bool, parsed: Bool, suppressions: SuppressionTable?) -> Bool {
        parsed && enabled && suppressions?.suppresses(diagnostic.ruleID, onLine: diagnostic.line) != true
    }
}
