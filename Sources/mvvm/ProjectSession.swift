import Foundation
import MVVMLint

/// What `mvvm lint` and `mvvm graph` share: the configuration, the files it selects under the
/// given paths, and one analysis of them through the facts cache.
struct ProjectSession {
    /// A problem that stops the run before any file is analysed; the message names what is wrong.
    struct Failure: Error {
        var message: String
    }

    let paths: [String]
    let root: Configuration
    /// The folder of the configuration file, or the current folder without one: where the
    /// cache lives by default and what baseline paths are relative to.
    let projectRoot: String
    let jobs: Int
    let cache: FactsCache?
    /// The module of each file found, for resolving type names.
    let modules: ModuleMap
    private let configurations: [String: Configuration]
    // The walk made to settle each file's settings, kept for the first read.
    private let walked: FileDiscovery

    /// Loads the configuration (`config`, else the nearest `.mvvm.yml`) and every file's settings.
    init(paths: [String], config: String?, preset: Preset?, jobs: Int, noCache: Bool, cachePath: String?) throws(Failure) {
        let missing = paths.filter { !FileManager.default.fileExists(atPath: $0) }
        guard missing.isEmpty else {
            throw Failure(message: "no such file or folder: \(missing.joined(separator: ", "))")
        }
        // The configuration is looked for above the first path; an empty path list reads nothing.
        let firstDirectory = Self.directory(of: paths.first ?? ".")
        let loader = ConfigurationLoader()
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
        self.root = root
        self.projectRoot = projectRoot
        self.jobs = jobs
        self.configurations = configurations
        self.walked = walked
        self.modules = modules
        let folder = cachePath.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: projectRoot).appendingPathComponent(".build/mvvm-cache")
        cache = noCache ? nil : FactsCache(url: folder.appendingPathComponent("facts.bin"), tool: Self.toolIdentity)
    }

    /// The paths read, for messages: the first few, then how many more (control characters escaped).
    var pathsDescription: String {
        if paths.isEmpty { return "an empty path list" }
        let shown = paths.prefix(3).map { PrintableText.escaping($0) }.joined(separator: ", ")
        return paths.count > 3 ? shown + " and \(paths.count - 3) more" : shown
    }

    /// The custom and layer rules of the root and nested configurations.
    var customRules: [CustomRuleSummary] {
        CustomRuleSummary.all(in: [root] + configurations.values)
    }

    /// The settings of each file, the root's for a file found later.
    var settings: @Sendable (String) -> Configuration {
        let lookup = configurations, fallback = root
        return { lookup[$0] ?? fallback }
    }

    /// Reads the files (walking the folders again if `again`, after files changed); a file whose
    /// stamp and settings the cache knows is not read.
    func discover(again: Bool = false) -> FileDiscovery {
        var discovery = again ? FileDiscovery(paths: paths, configuration: root) : walked
        var reuse: (@Sendable (String, FileStamp) -> FileFacts?)?
        if let cache {
            let lookup = configurations
            reuse = { @Sendable path, stamp in
                guard let settings = lookup[path] else { return nil }
                return cache.facts(for: path, stamp: stamp, settings: settings)
            }
        }
        discovery.read(jobs: jobs, reuse: reuse)
        return discovery
    }

    /// Analyses what `discovery` read.
    func analyze(_ discovery: FileDiscovery, with linter: Linter) -> LintResult {
        linter.lint(discovery.sources, configuration: settings, cache: cache, reused: discovery.reused, modules: modules)
    }

    /// Writes the cache if it changed; a cache that cannot be written only costs the next run time.
    func saveCache() {
        do {
            try cache?.save()
        } catch {
            let reason = (error as? FileAccessError)?.problem ?? (error as NSError).localizedDescription
            let path = PrintableText.escaping(cache?.url.path ?? "")
            FileHandle.standardError.write(Data("warning: could not write the cache \(path) (\(reason)); the next run parses every file.\n".utf8))
        }
    }

    /// The tool's version and build, so a rebuilt `mvvm` never trusts an older one's cache.
    static let toolIdentity: String = {
        var identity = MVVMLintVersion.current
        if let executable = Bundle.main.executablePath,
           let attributes = try? FileManager.default.attributesOfItem(atPath: executable) {
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            identity += "+\(Int(modified * 1000))-\(attributes[.size] as? Int ?? 0)"
        }
        return identity
    }()

    private static func directory(of path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return path
        }
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }
}
