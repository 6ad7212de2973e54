import ArgumentParser
import Foundation
import MVVMLint

/// The options of every command that reads a project: what to read, with which configuration,
/// how many files at once, and where the facts cache is.
struct ProjectOptions: ParsableArguments {
    @Argument(help: "Files or folders to read (default: the current folder).")
    var paths: [String] = []

    @Option(help: ArgumentHelp(
        "Also read the files or folders listed in this file, one per line or NUL-separated, relative to the current folder ('-' reads standard input).",
        discussion: "For lists too long for a command line (an Xcode target's files), or what changed on a branch. A list with any NUL byte is NUL-separated (git diff -z, find -print0); names are taken exactly as written.",
        valueName: "file"
    ))
    var pathsFrom: String?

    @Option(help: "The configuration file (default: the nearest .mvvm.yml above the first path).")
    var config: String?

    @Option(help: "How many files to parse at once (the default is one per core).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Parse every file, neither reading nor writing the cache.")
    var noCache = false

    @Option(help: ArgumentHelp("The cache folder (default: .build/mvvm-cache next to the configuration).", valueName: "folder"))
    var cachePath: String?

    func validate() throws {
        guard (1...Linter.maximumJobs).contains(jobs) else {
            throw ValidationError("--jobs must be between 1 and \(Linter.maximumJobs); got \(jobs).")
        }
        // An empty folder name would put the cache in the current folder, which nobody asked for.
        if cachePath?.isEmpty == true {
            throw ValidationError("--cache-path names no folder; give a folder, or use --no-cache.")
        }
    }

    /// The project these options select, read with `rules`, with `preset` overriding the
    /// configuration's; without `cached`, the cache is neither opened nor written, whatever the
    /// options say.
    func session(rules: RuleSet, preset: Preset.ID? = nil, cached: Bool = true) throws(ProjectSession.Failure) -> ProjectSession {
        var options = ProjectSession.Options(tool: Self.toolIdentity)
        options.paths = try resolvedPaths()
        options.config = config
        options.preset = preset
        options.jobs = jobs
        options.caches = cached && !noCache
        options.cachePath = cachePath
        options.runningTool = Self.toolName
        return try ProjectSession(options, rules: rules)
    }

    /// The executable's name (`mvvm`, or a team's tool built on this library), as a
    /// configuration's `tool:` would name it.
    static let toolName = ProcessInfo.processInfo.processName

    /// The paths on the command line, then those in the `--paths-from` list; the current folder
    /// when no list is given and no path either. An empty list reads nothing.
    func resolvedPaths() throws(ProjectSession.Failure) -> [String] {
        guard let pathsFrom else {
            return paths.isEmpty ? ["."] : paths
        }
        let data = try Self.readList(pathsFrom)
        let listed = try Self.entries(of: data, list: pathsFrom)
        return paths + listed
    }

    /// The largest path list read: millions of paths.
    static let listLimit = 256 << 20

    /// The bytes of the list (standard input for `-`), at most ``listLimit``. A FIFO is fine
    /// here: `--paths-from <(git diff -z --name-only)` is one.
    static func readList(_ path: String) throws(ProjectSession.Failure) -> Data {
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            throw ProjectSession.Failure(message: "cannot read the path list '\(path)': it does not exist or cannot be opened")
        }
        defer { if path != "-" { try? handle.close() } }
        var data = Data()
        do {
            while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
                data += chunk
                guard data.count <= listLimit else {
                    throw ProjectSession.Failure(message: "the path list '\(path)' is larger than \(listLimit >> 20) MiB")
                }
            }
        } catch let failure as ProjectSession.Failure {
            throw failure
        } catch {
            throw ProjectSession.Failure(message: "cannot read the path list '\(path)': \((error as NSError).localizedFailureReason ?? error.localizedDescription)")
        }
        return data
    }

    /// The paths in a list, exactly as written. Any NUL byte makes the list NUL-separated (what
    /// `git diff -z` and `find -print0` write, where a name may hold a newline); otherwise it
    /// has one path a line, a line ending at LF or CRLF. One separator after the last path is
    /// allowed; an empty path anywhere else is an error, as is a path that is not UTF-8.
    static func entries(of data: Data, list: String) throws(ProjectSession.Failure) -> [String] {
        let bytes = [UInt8](data)
        let separatedByNUL = bytes.contains(0)
        var parts = bytes.split(separator: separatedByNUL ? 0 : UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true {
            parts.removeLast()
        }
        var paths: [String] = []
        for (index, part) in parts.enumerated() {
            var name = part
            if !separatedByNUL, name.last == UInt8(ascii: "\r") {
                name = name.dropLast()
            }
            let entry = separatedByNUL ? "entry \(index + 1)" : "line \(index + 1)"
            guard !name.isEmpty else {
                throw ProjectSession.Failure(message: "the path list '\(list)' has an empty path at \(entry)")
            }
            guard let path = String(validating: name, as: UTF8.self) else {
                throw ProjectSession.Failure(message: "the path list '\(list)' has a path that is not UTF-8 at \(entry)")
            }
            paths.append(path)
        }
        return paths
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
}
