import ArgumentParser
import Foundation
import MVVMLint

/// The options of every command that reads a project: what to read, with which configuration,
/// how many files at once, and where the facts cache is.
struct ProjectOptions: ParsableArguments {
    @Argument(help: "Files or folders to read.")
    var paths: [String] = ["."]

    @Option(help: "The configuration file (default: the nearest .mvvm.yml above the first path).")
    var config: String?

    @Option(help: "How many files to parse at once (the default is one per core).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Parse every file, neither reading nor writing the cache.")
    var noCache = false

    @Option(help: ArgumentHelp("The cache folder (default: .build/mvvm-cache next to the configuration).", valueName: "folder"))
    var cachePath: String?

    func validate() throws {
        guard jobs > 0 else {
            throw ValidationError("--jobs must be at least 1.")
        }
        guard !paths.isEmpty else {
            throw ValidationError("Give at least one path to read.")
        }
    }

    /// The project these options select, with `preset` overriding the configuration's; without
    /// `cached`, the cache is neither opened nor written, whatever the options say.
    func session(preset: Preset? = nil, cached: Bool = true) throws(ProjectSession.Failure) -> ProjectSession {
        try ProjectSession(
            paths: paths, config: config, preset: preset, jobs: jobs, noCache: noCache || !cached, cachePath: cachePath
        )
    }
}
