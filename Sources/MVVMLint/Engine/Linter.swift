import Dispatch
import Foundation
import SwiftParser
import SwiftSyntax

/// Runs the rules over a set of files in two phases: each file is parsed, reduced to facts and
/// file-local findings (in parallel, dropping its tree), then project-wide rules run on the facts.
public struct Linter: Sendable {
    /// How many files are parsed at once.
    public var jobs: Int
    /// The most workers a linter starts, whatever it is asked for.
    public static let maximumJobs = 256
    /// Whether to time parsing and each rule.
    public var measuresTime: Bool
    /// Called after each file with how many are done, from the workers' threads.
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Whether the result carries every file's facts, for tools that draw on them (`mvvm
    /// graph`). A run that only reports findings turns it off: then a re-run over files,
    /// settings and modules the cache knows to be unchanged reports the findings it stored,
    /// without reading any file or decoding any facts (unless it ``measuresTime``: a measured
    /// run always lints).
    public var keepsFacts = true
    /// The rules this linter knows: it runs them, and suppressions may name them.
    public let rules: RuleSet
    let fileRules: [any FileRule]
    /// The descriptions of `fileRules`, in the same order.
    let fileRuleDescriptions: RuleDescriptionList
    let projectRules: [any ProjectRule]
    /// Whether a project rule from outside the built-in set runs: it may read any fact, so the
    /// facts no built-in rule reads are kept for it (every enum's cases, every test word).
    let runsOutsideProjectRules: Bool

    /// Creates a linter with the rules of `rules` (each still subject to configuration); each
    /// rule is made once, here. A tool passes its whole rule set (``RuleSet/builtIn`` plus its
    /// own); there is no default, so a tool cannot lint with the built-in rules by omission.
    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, measuresTime: Bool = false, rules: RuleSet) {
        self.jobs = min(max(1, jobs), Self.maximumJobs)
        self.measuresTime = measuresTime
        self.rules = rules
        let instances = rules.rules.map { $0.init() }
        fileRules = instances.compactMap(\.asFileRule)
        fileRuleDescriptions = RuleDescriptionList(fileRules.map { type(of: $0).description })
        projectRules = instances.compactMap(\.asProjectRule)
        runsOutsideProjectRules = projectRules.contains { rule in
            !RuleSet.builtIn.rules.contains { ObjectIdentifier($0) == ObjectIdentifier(type(of: rule)) }
        }
    }

    /// Lints `sources`, each under the configuration `configurationForFile(path)` returns; with a
    /// `cache`, files whose text and settings are unchanged are not parsed again, and a file
    /// given by path whose stamp the cache knows is not even read. `reused` are the facts of
    /// files the caller already took from the cache. Type names resolve within the modules of
    /// `modules` (one module for all, by default).
    ///
    /// A file given by path is read by the worker that lints it, and its text and tree are
    /// dropped when its facts are taken: memory does not grow with the texts of the run. The
    /// sources themselves are let go before the project phase where the caller hands them over.
    public func lint(
        _ sources: consuming [SourceInput], configurationForFile: @escaping @Sendable (String) -> Configuration, cache: LintCache? = nil,
        reused: [FileFacts] = [], modules: ModuleMap = .single
    ) -> LintResult {
        lint(SourceList(sources), configurationForFile: configurationForFile, cache: cache ?? .disabled, reused: reused, modules: modules)
    }

    /// ``lint(_:configurationForFile:cache:reused:modules:)`` of the files of `sources`: a session hands
    /// over its discovery's paths and stamps as they are.
    func lint(
        _ sources: consuming SourceList, configurationForFile: @escaping @Sendable (String) -> Configuration, cache: LintCache = .disabled,
        reused: [FileFacts] = [], modules: ModuleMap = .single
    ) -> LintResult {
        // The findings of an unchanged project, unless the caller wants more than findings.
        // (Asked either way: a run that lints lets the stored findings go.)
        let mayAnswer = !keepsFacts && !measuresTime && reused.isEmpty
        if let stored = storedResult(of: sources, configurationForFile: configurationForFile, cache: cache, modules: modules, mayAnswer: mayAnswer) {
            return stored
        }
        let collector = lintFiles(sources, configurationForFile: configurationForFile, cache: cache)
        FreeMemory.returnToSystem()
        for facts in reused {
            collector.append(facts)
        }
        // The facts read back count as the index's time: they are read for it.
        let start = ContinuousClock.now
        // Only the paths are shared with the facts: every input (a path, a source and a stamp)
        // would otherwise stay while the facts are read back, where the run peaks with many files.
        let paths = sources.paths
        _ = consume sources
        let (facts, encodedPending) = collector.take(jobs: jobs, sharingPathsOf: paths, testWordsAsked: testWordCut)
        var timings = collector.timings
        let index = ProjectIndex(facts, modules: modules, jobs: jobs)
        if measuresTime {
            timings[.phase(.projectIndex), default: .zero] += ContinuousClock.now - start
        }
        // What the project phase answered for each file is kept where a later edit may use it.
        let keepsAnswers = cache.isEnabled && reused.isEmpty && !runsOutsideProjectRules
        let project = lintProject(
            facts, encodedPending: encodedPending, index: index, configurationForFile: configurationForFile, modules: modules,
            keepsAnswers: keepsAnswers, timings: &timings
        )
        let diagnostics = Array(Set(project.diagnostics)).sorted()
        // Facts handed in from outside have no fingerprint: nothing is stored for such a run.
        cache.storeRun(
            files: reused.isEmpty ? collector.takeFingerprint() : nil, modules: modules, jobs: jobs, diagnostics: diagnostics,
            answers: project.answers, projectFindings: project.projectFindings
        )
        let result = LintResult(
            diagnostics: diagnostics, fileCount: facts.count, timings: timings, facts: keepsFacts ? facts : [],
            notices: collector.notices, contentHashes: collector.contentHashes, filesFromCache: cache.hitCount
        )
        DeferredRelease.release((consume collector, consume facts, consume index))
        return result
    }

    /// The findings the cache stored, when the project is unchanged, or after re-checking the
    /// few files that changed alone; `nil` to lint the project. What the cache stored is let go
    /// when this returns, before the project is linted.
    private func storedResult(
        of sources: SourceList, configurationForFile: @escaping @Sendable (String) -> Configuration, cache: LintCache, modules: ModuleMap,
        mayAnswer: Bool
    ) -> LintResult? {
        switch cache.storedRun(of: sources, configurationForFile: configurationForFile, modules: modules, jobs: jobs, mayAnswer: mayAnswer) {
        case .unchanged(let diagnostics, let contentHashes)?:
            LintResult(
                diagnostics: diagnostics, fileCount: sources.count, timings: [:], facts: [], contentHashes: contentHashes,
                filesFromCache: sources.count, phase: .stored
            )
        case .edited(let edit)?:
            lintEdit(edit, of: sources, configurationForFile: configurationForFile, cache: cache, modules: modules)
        case nil:
            nil
        }
    }

    /// The file phase: each file on a worker, large files as the parse budget lets them, reduced
    /// to its facts (from the cache when it knows them) and dropped.
    private func lintFiles(
        _ sources: SourceList, configurationForFile: @escaping @Sendable (String) -> Configuration, cache: LintCache
    ) -> ResultCollector {
        // With a cache too: its entries keep each file's facts with their pending findings, encoded,
        // for the next run, while this run's project phase reads the findings it admits from the
        // spill instead of decoding every one of them.
        let collector = ResultCollector(count: sources.count, encodesPending: !keepsFacts)
        let workers = min(jobs, max(1, sources.count))
        let budget = ParseBudget(workers: workers)
        let scheduler = FileScheduler(sizes: (0..<sources.count).map { index -> Int in
            let source = sources[index]
            return switch source.content {
            case .text(let text): text.utf8.count
            case .file(let file): (source.stamp ?? FileStamp(path: file)).map { Int($0.size) } ?? 0
            }
        }, budget: budget)
        let run = FileRun(collector: collector, cache: cache, budget: budget)
        // Threads with a known stack: parsing and the rules recurse over each file's tree.
        WorkerThreads.run(count: workers) { _ in
            var timings: [TimedWork: Duration] = [:]
            while let next = scheduler.take() {
                let source = sources[next.index]
                lintFile(source, at: next.index, held: next.held, configuration: configurationForFile(source.path), run: run, timings: &timings)
                progress?(collector.finished(), sources.count)
            }
            collector.merge(timings)
        }
        return collector
    }

    /// What the workers of one run share.
    private struct FileRun: Sendable {
        let collector: ResultCollector
        let cache: LintCache
        let budget: ParseBudget
    }

    /// One file: read it (unless the cache knows its stamp), then take its facts from the cache
    /// by content or analyse it, and store them at `index`. `held` is the share of the parse
    /// budget the file was given, handed back once its tree is dropped.
    private func lintFile(_ source: SourceInput, at index: Int, held: Int, configuration: Configuration, run: FileRun, timings: inout [TimedWork: Duration]) {
        defer { run.budget.release(held) }
        let facts: FileFacts
        var encoded: [UInt8]?
        var contentHash: UInt64?
        let fingerprint: ProjectFingerprint.File?
        var analysed: [UInt8]?
        switch run.cache.lookUp(source, configuration: configuration) {
        case .unreadable(let notice):
            run.collector.store(notice, at: index)
            return
        case .known(let known, let hash, let part):
            (facts, contentHash, fingerprint) = (known, hash, part)
        case .toAnalyze(let bytes, let record):
            facts = extractFacts(source.path, SourceText(bytes: bytes), configuration: configuration, timings: &timings)
            // Encoded once: the collector keeps these bytes too when it keeps no findings apart
            // from them (none pending, or no spill file).
            let kept = run.cache.record(facts, as: record)
            encoded = kept?.encoded
            (contentHash, fingerprint, analysed) = (record.contentHash, kept?.fingerprint, bytes)
        }
        // What a fix pass needs to know the file is unchanged, instead of the text.
        let isFixable = facts.pending.contains { $0.diagnostic.fix?.isEmpty == false }
        if isFixable, contentHash == nil, let analysed {
            contentHash = LintCache.hash(analysed)
        }
        run.collector.store(facts, at: index, encoded: encoded, contentHash: isFixable ? contentHash : nil, fingerprint: fingerprint)
    }

    func extractFacts(_ path: String, _ text: SourceText, configuration: Configuration, timings: inout [TimedWork: Duration]) -> FileFacts {
        let clock = ContinuousClock()
        var start = clock.now
        // Shapes that would overflow the stack or make parsing explode are found first, from the
        // bytes; a tree too deep to walk is found before anything walks it.
        let rejection = SourceScreen.check(text.bytes)
        if measuresTime {
            timings[.phase(.screen), default: .zero] += clock.now - start
            start = clock.now
        }
        if let rejection {
            return Self.tooComplexFacts(path, text: text, configuration: configuration, offset: rejection.offset, reason: rejection.reason)
        }
        let tree = SyntaxDepth.parse(text.bytes)
        if measuresTime {
            timings[.phase(.parse), default: .zero] += clock.now - start
            start = clock.now
        }
        let deep = SyntaxDepth.firstNode(in: tree)
        if measuresTime {
            timings[.phase(.depthCheck), default: .zero] += clock.now - start
            start = clock.now
        }
        if let deep {
            return Self.tooComplexFacts(
                path, text: text, configuration: configuration, offset: deep.position.utf8Offset,
                reason: "makes a syntax tree more than \(SyntaxDepth.maximum) levels deep"
            )
        }
        let extractor = FactExtractor(source: text, path: path, keepsEveryEnumCase: runsOutsideProjectRules)
        var facts = extractor.extract(tree)
        if measuresTime {
            timings[.phase(.facts), default: .zero] += clock.now - start
        }

        let isTestFile = Self.isTestFile(path, imports: facts.imports, configuration: configuration)
        facts.isTestFile = isTestFile
        // Most files have no suppression comment; a substring search is far cheaper than the token walk.
        var table = SuppressionTable()
        if text.contains("mvvm:") {
            let (parsed, suppressionNotices) = SuppressionParser(knownRuleIDs: rules.suppressibleIDs(under: configuration))
                .parse(tree, source: text, path: path)
            table = parsed
            facts.notices = suppressionNotices
        }
        facts.suppressions = table

        func makeContext() -> FileContext {
            FileContext(
                path: path, tree: tree, configuration: configuration, isTestFile: isTestFile,
                defaultsToMainActor: configuration.defaultIsolation == .mainActor,
                imports: facts.imports, declarations: extractor.declarations, source: text
            )
        }
        // The rules the configuration declares run on test files too; the rule types do not.
        // The context is made only for a file that some rule will look at.
        var declaredContext: FileContext?
        if rules.declared.areDeclared(in: configuration) {
            let context = makeContext()
            declaredContext = context
            facts.pending += rules.declared.check(context, suppressions: table)
        }
        if isTestFile {
            facts.testReferences = text.codeWords()
            return facts
        }
        if tree.hasError {
            // Rules on an error-recovered tree would report what the author did not write.
            facts.notices.append(Self.parseErrorNotice(tree, source: text, path: path))
            return facts
        }

        facts.boundMembers = FactExtractor.boundMembers(in: tree, source: text)
        facts.actionSends = ActionSendFinder.sends(in: tree, source: text)
        let context = declaredContext ?? makeContext()
        let enabled = configuration.enabledFlags(of: fileRuleDescriptions)
        for (position, rule) in fileRules.enumerated() where enabled[position] {
            start = clock.now
            for pending in rule.check(context) where DiagnosticAdmission.admits(
                pending.diagnostic, enabled: true, parsed: true, suppressions: table
            ) {
                facts.pending.append(pending)
            }
            if measuresTime {
                timings[.rule(fileRuleDescriptions.descriptions[position].id), default: .zero] += clock.now - start
            }
        }
        return facts
    }
}
