import ArgumentParser
import Foundation
import MVVMLint

/// The options of every command that reads a project: what to read, with which configuration,
/// how many files at once, and where the facts cache is.
struct ProjectOptions: ParsableArguments {
    @Argument(help: "Files or folders to read (default: the current folder).")
    var paths: [String] = []

    @Option(help: ArgumentHelp(
        "Also read the files or folders listed in this file, one per line, relative to the current folder ('-' reads standard input).",
        discussion: "For lists too long for a command line (an Xcode target's files), or what changed on a branch.",
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
    }

    /// The project these options select, with `preset` overriding the configuration's; without
    /// `cached`, the cache is neither opened nor written, whatever the options say.
    func session(preset: Preset? = nil, cached: Bool = true) throws(ProjectSession.Failure) -> ProjectSession {
        try ProjectSession(
            paths: resolvedPaths(), config: config, preset: preset, jobs: jobs, noCache: noCache || !cached, cachePath: cachePath
        )
    }

    /// The paths on the command line, then those in the `--paths-from` list; the current folder
    /// when no list is given and no path either. An empty list reads nothing.
    func resolvedPaths() throws(ProjectSession.Failure) -> [String] {
        guard let pathsFrom else {
            return paths.isEmpty ? ["."] : paths
        }
        let data: Data
        do {
            data = pathsFrom == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: pathsFrom))
        } catch {
            throw ProjectSession.Failure(message: "cannot read the path list '\(pathsFrom)': \((error as NSError).localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ProjectSession.Failure(message: "the path list '\(pathsFrom)' is not UTF-8 text")
        }
        let listed = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return paths + listed
    }
}
