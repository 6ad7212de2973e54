import Dispatch
import Foundation
import SwiftParser
import SwiftSyntax

/// What a lint run found.
public struct LintResult: Sendable {
    /// Every diagnostic, sorted by path, line, column and rule.
    public var diagnostics: [Diagnostic]
    /// How many files were linted.
    public var fileCount: Int
    /// Time spent parsing and in each rule, when measured (summed over all workers).
    public var timings: [String: Duration]
    /// Every file's facts, for tools built on the same analysis (`mvvm graph`).
    public var facts: [FileFacts]
}

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
    /// The rules this linter knows: it runs them, and suppressions may name them.
    public let rules: RuleSet
    private let fileRules: [any FileRule]
    private let projectRules: [any ProjectRule]

    /// Creates a linter with the rules of `rules` (each still subject to configuration); each
    /// rule is made once, here.
    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, measuresTime: Bool = false, rules: RuleSet = .builtIn) {
        self.jobs = min(max(1, jobs), Self.maximumJobs)
        self.measuresTime = measuresTime
        self.rules = rules
        let instances = rules.rules.map { $0.init() }
        fileRules = instances.compactMap { $0 as? any FileRule }
        projectRules = instances.compactMap { $0 as? any ProjectRule }
    }

    /// Parses `sources` the way ``lint(_:configuration:cache:reused:modules:)`` does, on the same workers, and does
    /// nothing else: the floor the benchmark compares a lint run with. Returns how many files
    /// have syntax errors.
    public func parseOnly(_ sources: [SourceInput]) -> Int {
        concurrentMap(count: sources.count, jobs: jobs) { index in
            let bytes = Array(sources[index].text.utf8)
            return SourceScreen.check(bytes) != nil || SyntaxDepth.parse(bytes).hasError
        }
        .filter { $0 }.count
    }

    /// Lints `sources`, each under the configuration `configuration(path)` returns; with a
    /// `cache`, files whose text and settings are unchanged are not parsed again. Type names
    /// resolve within the modules of `modules` (one module for all, by default).
    public func lint(
        _ sources: [SourceInput], configuration: @escaping @Sendable (String) -> Configuration, cache: FactsCache? = nil,
        reused: [FileFacts] = [], modules: ModuleMap = .single
    ) -> LintResult {
        let collector = ResultCollector(count: sources.count)
        for facts in reused {
            collector.append(facts)
        }
        let next = IndexDispenser()
        let workers = min(jobs, max(1, sources.count))
        let settingsHashes = SettingsHashes(rules: rules)
        // Threads with a known stack: parsing and the rules recurse over each file's tree.
        WorkerThreads.run(count: workers) { _ in
            var timings: [String: Duration] = [:]
            while let index = next.take(below: sources.count) {
                let source = sources[index]
                let settings = configuration(source.path)
                defer { progress?(collector.finished(), sources.count) }
                guard let cache else {
                    collector.store(analyze(source, configuration: settings, timings: &timings), at: index)
                    continue
                }
                let contentHash = FactsCache.hash(source.text)
                let settingsHash = settingsHashes.hash(settings)
                if let cached = cache.facts(for: source.path, contentHash: contentHash, settingsHash: settingsHash) {
                    collector.store(cached, at: index)
                    continue
                }
                let facts = analyze(source, configuration: settings, timings: &timings)
                cache.store(facts, contentHash: contentHash, settingsHash: settingsHash, stamp: source.stamp)
                collector.store(facts, at: index)
            }
            collector.merge(timings)
        }
        let facts = collector.facts
        let index = ProjectIndex(facts, modules: modules)
        var diagnostics: [Diagnostic] = []
        for file in facts {
            diagnostics += file.notices
            for pending in file.pending where index.satisfies(pending.conditions, in: file.path)
                && CustomRuleScope.admits(pending, path: file.path, modules: modules, configuration: configuration) {
                diagnostics.append(pending.diagnostic)
            }
        }
        let suppressions = Dictionary(facts.map { ($0.path, $0.suppressions) }, uniquingKeysWith: { first, _ in first })
        let project = ProjectContext(files: facts, index: index, configuration: configuration)
        // A file that does not parse gets its notice and nothing else, from any rule.
        let unparsed = Set(facts.filter { file in
            file.notices.contains { $0.ruleID == Notice.parseError.rawValue || $0.ruleID == Notice.tooComplex.rawValue }
        }.map(\.path))
        var timings = collector.timings
        for rule in projectRules {
            let description = type(of: rule).description
            let start = ContinuousClock.now
            for diagnostic in rule.check(project) {
                guard DiagnosticAdmission.admits(
                    diagnostic, of: description, settings: configuration(diagnostic.path),
                    parsed: !unparsed.contains(diagnostic.path), suppressions: suppressions[diagnostic.path]
                ) else { continue }
                diagnostics.append(diagnostic)
            }
            if measuresTime {
                timings[description.id, default: .zero] += ContinuousClock.now - start
            }
        }
        return LintResult(
            diagnostics: Array(Set(diagnostics)).sorted(), fileCount: sources.count + reused.count, timings: timings, facts: facts
        )
    }

    private func analyze(_ source: SourceInput, configuration: Configuration, timings: inout [String: Duration]) -> FileFacts {
        let clock = ContinuousClock()
        var start = clock.now
        let text = SourceText(source.text)
        // Shapes that would overflow the stack or make parsing explode are found first, from the
        // bytes; a tree too deep to walk is found before anything walks it.
        let rejection = SourceScreen.check(text.bytes)
        if measuresTime {
            timings["(screen)", default: .zero] += clock.now - start
            start = clock.now
        }
        if let rejection {
            return Self.tooComplexFacts(source, text: text, configuration: configuration, offset: rejection.offset, reason: rejection.reason)
        }
        let tree = SyntaxDepth.parse(text.bytes)
        if measuresTime {
            timings["(parse)", default: .zero] += clock.now - start
            start = clock.now
        }
        let deep = SyntaxDepth.firstNode(in: tree)
        if measuresTime {
            timings["(depth check)", default: .zero] += clock.now - start
            start = clock.now
        }
        if let deep {
            return Self.tooComplexFacts(
                source, text: text, configuration: configuration, offset: deep.position.utf8Offset,
                reason: "makes a syntax tree more than \(SyntaxDepth.maximum) levels deep"
            )
        }
        let extractor = FactExtractor(source: text, path: source.path)
        var facts = extractor.extract(tree)
        if measuresTime {
            timings["(facts)", default: .zero] += clock.now - start
        }

        let isTestFile = Self.isTestFile(source.path, imports: facts.imports, configuration: configuration)
        facts.isTestFile = isTestFile
        // Most files have no suppression comment; a substring search is far cheaper than the token walk.
        var table = SuppressionTable()
        if text.contains("mvvm:") {
            let (parsed, suppressionNotices) = SuppressionParser(knownRuleIDs: configuration.customRuleIDs.isEmpty ? rules.ids : rules.ids.union(configuration.customRuleIDs))
                .parse(tree, source: text, path: source.path)
            table = parsed
            facts.notices = suppressionNotices
        }
        facts.suppressions = table

        if CustomRuleCheck.isNeeded(for: configuration), !tree.hasError {
            facts.pending += CustomRuleCheck(path: source.path, configuration: configuration, isTestFile: isTestFile, source: text)
                .findings(in: tree, declarations: extractor.declarations, suppressions: table)
        }
        if isTestFile {
            facts.testReferences = text.codeWords()
            return facts
        }
        if tree.hasError {
            // Rules on an error-recovered tree would report what the author did not write.
            facts.notices.append(Self.parseErrorNotice(tree, source: text, path: source.path))
            return facts
        }

        facts.boundMembers = FactExtractor.boundMembers(in: tree, source: text)
        let context = FileContext(
            path: source.path, tree: tree, configuration: configuration, isTestFile: isTestFile,
            defaultsToMainActor: configuration.defaultIsolation == .mainActor,
            imports: facts.imports, declarations: extractor.declarations, source: text
        )
        for rule in fileRules {
            let description = type(of: rule).description
            guard configuration.isEnabled(description) else { continue }
            start = clock.now
            for pending in rule.check(context) where DiagnosticAdmission.admits(
                pending.diagnostic, of: description, settings: configuration, parsed: true, suppressions: table
            ) {
                facts.pending.append(pending)
            }
            if measuresTime {
                timings[description.id, default: .zero] += clock.now - start
            }
        }
        return facts
    }

    static func isTestFile(_ path: String, imports: [String], configuration: Configuration) -> Bool {
        if imports.contains("XCTest") || imports.contains("Testing") {
            return true
        }
        let relative = PathMatcher.relative(path, to: configuration.rootDirectory)
        return configuration.tests.contains { PathMatcher.matches(relative, pattern: $0) }
    }

    /// The facts of a file the linter does not parse: its notice, and (for a test file) the
    /// words it mentions, which need no tree.
    private static func tooComplexFacts(
        _ source: SourceInput, text: SourceText, configuration: Configuration, offset: Int, reason: String
    ) -> FileFacts {
        let isTestFile = isTestFile(source.path, imports: [], configuration: configuration)
        var facts = FileFacts(path: source.path, isTestFile: isTestFile)
        if isTestFile {
            facts.testReferences = text.codeWords()
        }
        let location = text.location(of: AbsolutePosition(utf8Offset: offset))
        facts.notices = [Diagnostic(
            path: source.path, line: location.line, column: location.column, ruleID: Notice.tooComplex.rawValue,
            severity: .warning, message: "The file \(reason), more than the linter reads; its rules were skipped.",
            hint: "Split the expression or declaration into smaller ones."
        )]
        return facts
    }

    static func parseErrorNotice(_ tree: SourceFileSyntax, source: SourceText, path: String) -> Diagnostic {
        let first = SyntaxErrorSummary(tree)
        let location = source.location(of: first.position)
        return Diagnostic(
            path: path, line: location.line, column: location.column, ruleID: Notice.parseError.rawValue, severity: .warning,
            message: "The file does not parse (\(first.message)); its rules were skipped.",
            hint: "Fix the syntax error; the compiler reports it too."
        )
    }
}


/// Gathers each worker's results in input order.
/// Stable fingerprints of the few distinct configurations of a run, computed once each. Each
/// folds in the rule set's fingerprint: the same settings under other rules give other facts.
final class SettingsHashes: @unchecked Sendable {
    // `known` is only touched while holding `lock`.
    private let lock = NSLock()
    private var known: [Configuration: UInt64] = [:]
    private let rulesFingerprint: UInt64

    init(rules: RuleSet) {
        rulesFingerprint = rules.fingerprint
    }

    func hash(_ configuration: Configuration) -> UInt64 {
        if let hash = lock.withLock({ known[configuration] }) {
            return hash
        }
        var hash = (FactsCache.hash(configuration) ^ rulesFingerprint) &* 0x0000_0100_0000_01B3
        hash ^= hash >> 29
        lock.withLock { known[configuration] = hash }
        return hash
    }
}


private final class ResultCollector: @unchecked Sendable {
    // Both stored properties are only touched while holding `lock`.
    private let lock = NSLock()
    private var slots: [FileFacts?]
    private var summed: [String: Duration] = [:]
    private var finishedCount = 0

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ facts: FileFacts, at index: Int) {
        lock.withLock { slots[index] = facts }
    }

    /// Adds the facts of a file that was not read in this run (its stamp matched the cache).
    func append(_ facts: FileFacts) {
        lock.withLock { slots.append(facts) }
    }

    /// Counts one more finished file and returns how many are finished.
    func finished() -> Int {
        lock.withLock {
            finishedCount += 1
            return finishedCount
        }
    }

    func merge(_ timings: [String: Duration]) {
        lock.withLock { summed.merge(timings, uniquingKeysWith: +) }
    }

    var facts: [FileFacts] {
        lock.withLock { slots.compactMap { $0 } }
    }

    var timings: [String: Duration] {
        lock.withLock { summed }
    }
}
