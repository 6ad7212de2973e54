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
    public let cache: LintCache?
    /// The module of each file found, for resolving type names.
    public let modules: ModuleMap
    /// The settings of each folder files are written in, as a place in `distinctConfigurations`:
    /// thousands of files share a few settings, and a file's depend only on its folder.
    private let configurations: [PathText.FolderKey: Int32]
    /// The settings files have, in file order, with the files of a folder sharing one entry
    /// (settings that come back after another folder's are kept again).
    let distinctConfigurations: [Configuration]
    // The walk made to settle each file's settings, kept for the first read.
    private let walked: FileDiscovery
    /// Whether the walk's stamps are still to be used: only the session's first analysis trusts
    /// them, since a session kept for later runs may see files that changed after its walk.
    private let walkIsFresh = FirstUse()
    /// Whether a nested package's configuration sets `included` or `excluded`.
    private let packagesChooseFiles: Bool

    /// What a session reads, and how.
    public struct Options: Sendable {
        /// The files and folders to read.
        public var paths: [String] = ["."]
        /// A configuration file to use instead of the nearest `.mvvm.yml` above the first path.
        public var config: String?
        /// A preset that overrides the configurations': one of the rule set's, or one the root
        /// configuration defines.
        public var preset: Preset.ID?
        /// How many files are read and parsed at once.
        public var jobs = ProcessInfo.processInfo.activeProcessorCount
        /// Whether facts are cached between runs.
        public var caches = true
        /// Where the cache lives; by default `.build/mvvm-cache` under the project root.
        public var cachePath: String?
        /// The identity of the tool, which the cache's entries are kept for (a new build
        /// starts a new cache).
        public var tool: String
        /// The executable's name: a configuration whose `tool:` names another leaves the rules
        /// this one does not know to it.
        public var runningTool: String?

        /// Options for the tool whose identity is `tool`, reading the current folder with the
        /// cache.
        public init(tool: String) {
            self.tool = tool
        }
    }

    /// Loads the configuration (`options.config`, else the nearest `.mvvm.yml` above the first
    /// path) and every file's settings, validated against `rules`, and opens the cache unless
    /// the options say not to.
    public init(_ options: Options, rules: RuleSet) throws(Failure) {
        let paths = options.paths, config = options.config, preset = options.preset, cachePath = options.cachePath
        let missing = paths.filter { !FileManager.default.fileExists(atPath: $0) }
        guard missing.isEmpty else {
            throw Failure(message: "no such file or folder: \(missing.joined(separator: ", "))")
        }
        // The configuration is looked for above the first path; an empty path list reads nothing.
        let firstDirectory = Self.directory(of: paths.first ?? ".")
        let loader = ConfigurationLoader(rules: rules, runningTool: options.runningTool)
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
        var configurations: [PathText.FolderKey: Int32] = [:]
        var distinct: [Configuration] = []
        // The folders discovery lists answer the module finder without asking the file system again.
        var withoutBuildDescription: Set<String> = []
        let walked = FileDiscovery(
            paths: paths, configuration: root, keepsStamps: options.caches, readAheadHelpers: FileDiscovery.readAheadHelpers(jobs: options.jobs)
        ) { folder, entries in
            if ModuleMap.showsNoBuildDescription(among: entries) {
                withoutBuildDescription.insert(folder)
            }
            if DirectoryListing.showsNo(ConfigurationLoader.fileName, among: entries) {
                resolver.listedWithoutConfiguration.insert(folder)
            }
        }
        let modules = ModuleMap(paths: walked.found, roots: paths, jobs: options.jobs, listedWithoutBuildDescription: withoutBuildDescription)
        do {
            // A file's settings depend only on its folder (its configurations and its module).
            var run = PathText.FolderRun()
            for path in walked.found where !run.continues(with: path) {
                var configuration = try resolver.configuration(forFile: path)
                // Unless the configuration says, each module's build description settles it.
                if configuration.defaultIsolation == nil, modules.module(of: path).defaultsToMainActor {
                    configuration.defaultIsolation = .mainActor
                }
                // The files of a folder come together and mostly share the last file's settings.
                if distinct.last != configuration {
                    distinct.append(configuration)
                }
                configurations[PathText.FolderKey(of: path)] = Int32(distinct.count - 1)
            }
        } catch {
            throw Failure(message: error.description)
        }
        self.paths = paths
        self.rules = rules
        self.root = root
        self.projectRoot = projectRoot
        self.jobs = options.jobs
        self.configurations = configurations
        self.distinctConfigurations = distinct
        // Only a nested package's own `included` or `excluded` leave out files the walk found.
        packagesChooseFiles = distinct.contains { Self.choosesFiles($0, under: root) }
        self.walked = packagesChooseFiles ? walked.keeping { Self.keeps($0, among: distinct, of: configurations, root: root) } : walked
        self.modules = modules
        let folder = cachePath.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: projectRoot).appendingPathComponent(".build/mvvm-cache")
        cache = options.caches ? LintCache(url: folder.appendingPathComponent("facts.bin"), tool: options.tool, rules: rules) : nil
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
        CustomRuleSummary.all(in: [root] + distinctConfigurations)
    }

    /// The configuration of the file at `path`: its folder's, or the root's for a file in a
    /// folder where the session's walk found none.
    public func configuration(forFile path: String) -> Configuration {
        configurationForFile(path)
    }

    /// ``configuration(forFile:)`` as a function the engine's workers share.
    var configurationForFile: @Sendable (String) -> Configuration {
        let lookup = configurations, distinct = distinctConfigurations, fallback = root
        return { lookup[PathText.FolderKey(of: $0)].map { distinct[Int($0)] } ?? fallback }
    }

    /// The files to analyse (walking the folders again if `again`, after files changed). A
    /// discovery's inputs carry the stamps of its walk: analyse it once, and walk again for a
    /// later run (the session's own first walk is handed out with its stamps once). Nothing
    /// is read here: ``analyze(_:with:)`` reads each file on the worker that lints it, and a
    /// file whose stamp and settings the cache knows is not read at all.
    public func discover(again: Bool = false) -> FileDiscovery {
        if again {
            let walk = FileDiscovery(paths: paths, configuration: root, keepsStamps: cache != nil,
                                     readAheadHelpers: FileDiscovery.readAheadHelpers(jobs: jobs))
            let distinct = distinctConfigurations, configurations = configurations, root = root
            return packagesChooseFiles ? walk.keeping { Self.keeps($0, among: distinct, of: configurations, root: root) } : walk
        }
        return walkIsFresh.take() ? walked : walked.forgettingStamps()
    }

    /// Analyses the files of `discovery`, each read by the worker that lints it. A file whose
    /// stamp the discovery holds is taken as unchanged since the walk while that stamp matches
    /// the cache's, so pass a discovery made for this analysis (see ``discover(again:)``).
    public func analyze(_ discovery: FileDiscovery, with linter: Linter) -> LintResult {
        linter.lint(discovery.sources, configurationForFile: configurationForFile, cache: cache ?? .disabled, modules: modules)
    }

    /// What one lint run asks for beyond the session's settings.
    public struct LintRequest: Sendable {
        /// Correct what the rules can fix, then report what is left.
        public var fix = false
        /// With ``fix``: work the fixes out without writing any source, and hand each file's new
        /// text back in the fix report's `changes`; the findings reported are the files' own.
        public var dryRun = false
        /// A baseline file whose known violations are not reported.
        public var baseline: String?
        /// A baseline file to record the violations in, instead of reporting them.
        public var writeBaseline: String?
        /// Measure time per phase and rule.
        public var measuresTime = false
        /// Keep every file's facts in the result. Off by default: a run
        /// that only reports then reports the findings the cache stored for an unchanged project
        /// without reading any file.
        public var keepsFacts = false
        /// Called as files are done, with the count done and the total.
        public var progress: (@Sendable (Int, Int) -> Void)?

        /// A request for a plain lint.
        public init() {}
    }

    /// The former name of ``LintResult``, which a session's run now returns.
    @available(*, deprecated, renamed: "LintResult")
    public typealias LintOutcome = LintResult

    /// The whole pipeline of `mvvm lint`: analyse the files, fix and analyse again if asked,
    /// save the cache, then record or apply the baseline.
    public func lint(_ request: LintRequest) throws(Failure) -> LintResult {
        var discovery = discover()
        var linter = Linter(jobs: jobs, measuresTime: request.measuresTime, rules: rules)
        linter.progress = request.progress
        linter.keepsFacts = request.keepsFacts
        var result = analyze(discovery, with: linter)
        if request.fix {
            result.events.append(.fixed(fixPasses(&discovery, &result, with: linter, dryRun: request.dryRun)))
        }
        if let unsaved = saveCache() {
            result.events.append(unsaved)
        }
        result.diagnostics = (result.diagnostics + discovery.notices + result.notices).sorted()
        result.notices = []
        if let path = request.writeBaseline {
            result.recordedBaseline = try writeBaseline(result.diagnostics, to: path)
        } else if let path = request.baseline {
            let applied = try applyBaseline(at: path, to: result.diagnostics)
            result.diagnostics = applied.new
            result.hiddenByBaseline = applied.hidden
            if !applied.stale.isEmpty {
                result.events.append(.staleBaselineEntries(path: path, entries: applied.stale))
            }
        }
        return result
    }

    /// Writes the cache if it changed. A cache that cannot be written only costs the next run
    /// time, so this returns the note to show rather than failing.
    public func saveCache() -> RunEvent? {
        do {
            try cache?.save()
            return nil
        } catch {
            let reason = (error as? FileAccessError)?.problem ?? (error as NSError).localizedDescription
            return .cacheNotSaved(path: cache?.url.path ?? "", reason: reason)
        }
    }

    /// The folder a file is in, `.` for a bare name.
    static func folder(of file: String) -> String {
        let parent = PathText.parent(of: file)
        return parent.isEmpty ? "." : parent
    }

    /// `path` when it is a folder, else the folder it is in.
    private static func directory(of path: String) -> String {
        var isDirectory: ObjCBool = false
        let isFolder = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        return isFolder ? path : folder(of: path)
    }
}

/// `true` for the first caller of ``take()`` only.
private final class FirstUse: @unchecked Sendable {
    // `used` is only touched while holding `lock`.
    private let lock = NSLock()
    private var used = false

    func take() -> Bool {
        lock.withLock {
            defer { used = true }
            return !used
        }
    }
}
