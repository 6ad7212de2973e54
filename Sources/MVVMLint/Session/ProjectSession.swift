import Foundation

/// The pipeline `mvvm lint` and `mvvm graph` share, for any tool built on the library: the
/// configuration (found above the paths or named), the files it selects under the given paths,
/// one analysis of them through the facts cache, and the fix pass.
public struct ProjectSession: Sendable {
    /// A problem that stops the run before any file is analysed; the message names what is wrong.
    public struct Failure: Error {
        /// What is wrong, ready to print.
        public var message: String
        /// When the preset the session was asked to use is unknown: the presets it could be.
        public var knownPresets: [Preset.ID]?

        /// Creates a failure saying `message`; `knownPresets` when the asked-for preset is unknown.
        public init(message: String, knownPresets: [Preset.ID]? = nil) {
            self.message = message
            self.knownPresets = knownPresets
        }
    }

    /// The files and folders the session reads.
    public let paths: [String]
    /// The rules of the run.
    public let rules: RuleSet
    /// The root configuration.
    public let root: Configuration
    /// The folder of the configuration file, or the current folder without one: where the
    /// cache lives by default and what baseline paths are relative to.
    public let projectRoot: String
    /// How many files are read and parsed at once.
    public let jobs: Int
    /// The facts cache, unless the session was made without one.
    public let cache: FactsCache?
    /// The module of each file found, for resolving type names.
    public let modules: ModuleMap
    private let configurations: [String: Configuration]
    // The walk made to settle each file's settings, kept for the first read.
    private let walked: FileDiscovery

    /// Loads the configuration (`config`, else the nearest `.mvvm.yml` above the first path) and
    /// every file's settings, validated against `rules`; `preset` overrides the configurations'
    /// preset, and must be one of the rule set's or one the root configuration defines. Unless
    /// `noCache`, facts are cached in `cachePath` (by default `.build/mvvm-cache` under the
    /// project root) for the tool identity `tool`. `runningTool` is the executable's name: a
    /// configuration whose `tool:` names another leaves the rules this one does not know to it.
    public init(
        paths: [String], rules: RuleSet, config: String?, preset: Preset.ID?, jobs: Int, noCache: Bool, cachePath: String?,
        tool: String, runningTool: String? = nil
    ) throws(Failure) {
        let missing = paths.filter { !FileManager.default.fileExists(atPath: $0) }
        guard missing.isEmpty else {
            throw Failure(message: "no such file or folder: \(missing.joined(separator: ", "))")
        }
        // The configuration is looked for above the first path; an empty path list reads nothing.
        let firstDirectory = Self.directory(of: paths.first ?? ".")
        let loader = ConfigurationLoader(rules: rules, runningTool: runningTool)
        var root = Configuration()
        var projectRoot = "."
        do {
            if let config {
                root = try loader.load(path: config)
                projectRoot = root.rootDirectory
            } else if let found = ConfigurationLoader.find(from: firstDirectory) {
                root = try loader.load(path: found)
                projectRoot = root.rootDirectory
            } else {
                root.rootDirectory = firstDirectory
            }
        } catch {
            throw Failure(message: error.description)
        }
        if let preset {
            // Nested configurations start from the root's presets, so the root knows every
            // preset that could apply to all files.
            let known = rules.presets.map(\.id) + root.presets.map(\.id)
            guard known.contains(preset) else {
                throw Failure(message: "unknown preset '\(preset)'", knownPresets: known)
            }
        }
        var resolver = ConfigurationResolver(root: root, loader: loader) { configuration in
            var configuration = configuration
            if let preset {
                configuration.preset = preset
            }
            return configuration
        }
        var configurations: [String: Configuration] = [:]
        let walked = FileDiscovery(paths: paths, configuration: root)
        let modules = ModuleMap(paths: walked.found, roots: paths)
        do {
            for path in walked.found {
                var configuration = try resolver.configuration(forFile: path)
                // Unless the configuration says, each module's build description settles it.
                if configuration.defaultIsolation == nil, modules.module(of: path).defaultsToMainActor {
                    configuration.defaultIsolation = .mainActor
                }
                configurations[path] = configuration
            }
        } catch {
            throw Failure(message: error.description)
        }
        self.paths = paths
        self.rules = rules
        self.root = root
        self.projectRoot = projectRoot
        self.jobs = jobs
        self.configurations = configurations
        self.walked = walked
        self.modules = modules
        let folder = cachePath.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: projectRoot).appendingPathComponent(".build/mvvm-cache")
        cache = noCache ? nil : FactsCache(url: folder.appendingPathComponent("facts.bin"), tool: tool, rules: rules)
        // The default place is the project's own: a committed `.build` link cannot move it out.
        cache?.project = cachePath == nil ? projectRoot : nil
    }

    /// The paths read, for messages: the first few, then how many more (control characters escaped).
    public var pathsDescription: String {
        if paths.isEmpty { return "an empty path list" }
        let shown = paths.prefix(3).map { PrintableText.escaping($0) }.joined(separator: ", ")
        return paths.count > 3 ? shown + " and \(paths.count - 3) more" : shown
    }

    /// The custom and layer rules of the root and nested configurations.
    public var customRules: [CustomRuleSummary] {
        CustomRuleSummary.all(in: [root] + configurations.values)
    }

    /// The settings of each file, the root's for a file found later.
    public var settings: @Sendable (String) -> Configuration {
        let lookup = configurations, fallback = root
        return { lookup[$0] ?? fallback }
    }

    /// The files to analyse (walking the folders again if `again`, after files changed). Nothing
    /// is read here: ``analyze(_:with:)`` reads each file on the worker that lints it, and a
    /// file whose stamp and settings the cache knows is not read at all.
    public func discover(again: Bool = false) -> FileDiscovery {
        again ? FileDiscovery(paths: paths, configuration: root) : walked
    }

    /// Analyses the files of `discovery`, each read by the worker that lints it.
    public func analyze(_ discovery: FileDiscovery, with linter: Linter) -> LintResult {
        linter.lint(discovery.inputs, configuration: settings, cache: cache, modules: modules)
    }

    /// What one lint run asks for beyond the session's settings.
    public struct LintRequest: Sendable {
        /// Correct what the rules can fix, then report what is left.
        public var fix = false
        /// A baseline file whose known violations are not reported.
        public var baseline: String?
        /// A baseline file to record the violations in, instead of reporting them.
        public var writeBaseline: String?
        /// Measure time per phase and rule.
        public var measuresTime = false
        /// Called as files are done, with the count done and the total.
        public var progress: (@Sendable (Int, Int) -> Void)?

        /// A request for a plain lint.
        public init() {}
    }

    /// What a lint run found, ready to report.
    public struct LintOutcome: Sendable {
        /// Every finding and notice to report, sorted, the baseline's known ones left out.
        public var diagnostics: [Diagnostic]
        /// How many known violations the baseline hid.
        public var hiddenByBaseline = 0
        /// The baseline written, when the request asked for one (then nothing is to be reported).
        public var recordedBaseline: Baseline?
        /// Notes for standard error, in order: what the fix pass did, a cache that could not be
        /// written, a stale baseline.
        public var notes: [String] = []
        /// The last analysis: file count, timings, facts.
        public var result: LintResult
    }

    /// The whole pipeline of `mvvm lint`: analyse the files, fix and analyse again if asked,
    /// save the cache, then record or apply the baseline.
    public func lint(_ request: LintRequest) throws(Failure) -> LintOutcome {
        var discovery = discover()
        var linter = Linter(jobs: jobs, measuresTime: request.measuresTime, rules: rules)
        linter.progress = request.progress
        var result = analyze(discovery, with: linter)
        var notes: [String] = []
        if request.fix {
            let report = fix(result.diagnostics, contentHashes: result.contentHashes)
            notes.append(report.text)
            if report.changedFiles > 0 {
                // Report what is left, from the files as they are now.
                discovery = discover(again: true)
                result = analyze(discovery, with: linter)
            }
        }
        if let warning = saveCache() {
            notes.append(warning)
        }
        var outcome = LintOutcome(diagnostics: (result.diagnostics + discovery.notices + result.notices).sorted(), notes: notes, result: result)
        if let path = request.writeBaseline {
            outcome.recordedBaseline = try writeBaseline(outcome.diagnostics, to: path)
        } else if let path = request.baseline {
            let applied = try applyBaseline(at: path, to: outcome.diagnostics)
            outcome.diagnostics = applied.new
            outcome.hiddenByBaseline = applied.hidden
            outcome.notes += applied.staleNote.map { [$0] } ?? []
        }
        return outcome
    }

    /// Writes the cache if it changed. A cache that cannot be written only costs the next run
    /// time, so this returns the warning to show rather than failing.
    public func saveCache() -> String? {
        do {
            try cache?.save()
            return nil
        } catch {
            let reason = (error as? FileAccessError)?.problem ?? (error as NSError).localizedDescription
            let path = PrintableText.escaping(cache?.url.path ?? "")
            return "warning: could not write the cache \(path) (\(reason)); the next run parses every file.\n"
        }
    }

    /// What a fix pass did.
    public struct FixReport: Sendable {
        /// How many files changed.
        public var changedFiles: Int
        /// What happened, one line per file not fixed and a closing count, ready to print.
        public var text: String
    }

    /// Applies the fixes of `diagnostics` file by file, to the texts they were made from: those
    /// in memory in `sources`, else the file as it is now if its hash is the one in
    /// `contentHashes` (a lint result's) or, for a file the cache spared from reading, the one
    /// the cache stored. A file that changed since, or that the fix would leave unparsable, is
    /// left alone and named in the report.
    public func fix(_ diagnostics: [Diagnostic], sources: [SourceInput] = [], contentHashes: [String: UInt64] = [:]) -> FixReport {
        var texts: [String: String] = [:]
        for source in sources {
            if case .text(let text) = source.content, texts[source.path] == nil {
                texts[source.path] = text
            }
        }
        let fixable = Dictionary(grouping: diagnostics.filter { $0.fix?.isEmpty == false }, by: \.path)
        var changed = 0
        var fixedViolations = 0
        var report = ""
        // Files read on the workers, or spared from reading by the cache: their fixes were made
        // from the text the run or the cache hashed, so that is the text to check against now.
        for path in fixable.keys where texts[path] == nil {
            if case .text(let bytes) = FileDiscovery.load(path), let linted = contentHashes[path] ?? cache?.contentHash(for: path),
               FactsCache.hash(bytes) == linted {
                texts[path] = String(decoding: bytes, as: UTF8.self)
            }
        }
        for path in fixable.keys.sorted() {
            guard let found = fixable[path] else { continue }
            let shown = PrintableText.escaping(path)
            guard let text = texts[path] else {
                report += "warning: \(shown) changed on disk since it was last linted; not fixed.\n"
                continue
            }
            switch FileFixer().fix(path: path, linted: text, edits: found.flatMap { $0.fix ?? [] }) {
            case .fixed(let edits) where edits > 0:
                changed += 1
                fixedViolations += found.count
            case .fixed:
                break
            case .changedOnDisk:
                report += "warning: \(shown) changed on disk while it was linted; not fixed.\n"
            case .wouldNotParse:
                report += "warning: fixing \(shown) would leave it unparsable; not fixed.\n"
            case .refused(let reason):
                report += "warning: \(shown) was not fixed: \(reason).\n"
            case .writeFailed(let reason):
                report += "warning: could not write \(shown) (\(reason)); not fixed.\n"
            }
        }
        report += "Fixed \(fixedViolations) violation(s) in \(changed) file(s).\n"
        return FixReport(changedFiles: changed, text: report)
    }

    /// What applying a baseline left.
    public struct BaselineOutcome: Sendable {
        /// The diagnostics the baseline does not record.
        public var new: [Diagnostic]
        /// How many diagnostics the baseline hid.
        public var hidden: Int
        /// A note naming the baseline's entries that match nothing any more, ready to print;
        /// `nil` when every entry still matches.
        public var staleNote: String?
    }

    /// Hides the diagnostics the baseline file at `path` records; fails with the baseline's
    /// own message when it cannot be read.
    public func applyBaseline(at path: String, to diagnostics: [Diagnostic]) throws(Failure) -> BaselineOutcome {
        let known: Baseline
        do {
            known = try Baseline.load(path: path)
        } catch {
            throw Failure(message: error.description)
        }
        // Version 1 kept paths relative to the baseline file's folder.
        let applied = known.apply(to: diagnostics, relativeTo: known.version == 1 ? Self.folder(of: path) : projectRoot)
        var note: String?
        if !applied.stale.isEmpty {
            var text = "note: \(applied.stale.count) baseline entr\(applied.stale.count == 1 ? "y matches" : "ies match") nothing any more (fixed or moved); run with --write-baseline \(PrintableText.escaping(path)) to drop \(applied.stale.count == 1 ? "it" : "them"):\n"
            for entry in applied.stale {
                text += "  \(PrintableText.escaping(entry.path)): \(PrintableText.escaping(entry.message)) [\(PrintableText.escaping(entry.ruleID))]\n"
            }
            note = text
        }
        return BaselineOutcome(new: applied.new, hidden: applied.covered, staleNote: note)
    }

    /// Records `diagnostics` in a baseline file at `path`, paths relative to the project root;
    /// returns the baseline written.
    public func writeBaseline(_ diagnostics: [Diagnostic], to path: String) throws(Failure) -> Baseline {
        let recorded = Baseline(diagnostics, relativeTo: projectRoot)
        do {
            try recorded.write(to: path, project: projectRoot)
        } catch {
            throw Failure(message: error.description)
        }
        return recorded
    }

    /// The folder a file is in, `.` for a bare name.
    private static func folder(of file: String) -> String {
        let parent = (file as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    private static func directory(of path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return path
        }
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }
}
