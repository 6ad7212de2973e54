import Foundation
import PackagePlugin

// Shared by the command plugins (mvvm-fix, mvvm-new and mvvm-graph link this file):
// SwiftPM grants write permission per plugin, so linting and fixing are two plugins, and only
// the one that rewrites files asks for it.

/// One `mvvm lint` run of a command plugin.
enum LintRun {
    /// Lints the package, or the targets named with `--target` and the test targets that
    /// depend on them; `fixing` adds `--fix`, which only the plugin holding write permission
    /// passes. The team's tool runs instead of `mvvm` when `.mvvm.yml` names one.
    static func perform(context: PluginContext, packageManager: PackageManager, arguments: [String], fixing: Bool) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let package = context.package
        // Paths as the package's own, so findings name files as a reader of the package does.
        var reading: [String] = []
        for target in try package.targets(named: targetNames) {
            guard let module = target.sourceModule else { continue }
            // Without its tests, `every-action-tested` would report every action as untested.
            let modules = module.kind == .test ? [module] : [module] + LintTool.testModules(of: target, in: package)
            for module in modules {
                let path = LintTool.path(of: module.directoryURL, relativeTo: package.directoryURL)
                if !reading.contains(path) {
                    reading.append(path)
                }
            }
        }
        try run(
            reading, options: try options(extractor.remainingArguments, fixing: fixing), in: package.directoryURL,
            tool: try tool(context: context, packageManager: packageManager), workDirectory: context.pluginWorkDirectoryURL
        )
    }

    /// `mvvm`, or the tool `.mvvm.yml` names (`tool:`): an executable of the package, built
    /// here as `swift build --product` would, so its rules written in Swift run too. The name is
    /// never looked up among the machine's programs (the toolchain's and `PATH`'s, which SwiftPM's
    /// tool look-up searches first): a repository's configuration must not choose what runs.
    static func tool(context: PluginContext, packageManager: PackageManager) throws -> URL {
        guard let name = LintTool.configuredName(in: context.package.directoryURL), name != LintTool.standard else {
            return try context.tool(named: LintTool.standard).url
        }
        let package = context.package
        let isExecutable = package.products.contains { $0.name == name && $0 is ExecutableProduct }
            || package.targets.contains { $0.name == name && $0.sourceModule?.kind == .executable }
        guard isExecutable else {
            stop(".mvvm.yml names '\(name)' as the tool that runs its rules, but \(package.displayName) has no executable product or target of that name, and the plugins run nothing else. Declare it (an executable target built on MVVMCommandLine), or remove 'tool:' to lint with mvvm alone.")
        }
        let result = try packageManager.build(.product(name), parameters: .init(configuration: .debug, logging: .concise))
        guard result.succeeded, let built = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == name }) else {
            FileHandle.standardError.write(Data(result.logText.utf8))
            stop("could not build '\(name)', the tool .mvvm.yml names.")
        }
        return built.url
    }

    /// The options for `mvvm lint`: `--fix` is refused from the read-only plugin, with the verb
    /// that can fix, rather than failing later on a permission the plugin does not have.
    static func options(_ options: [String], fixing: Bool) throws -> [String] {
        if !fixing && options.contains("--fix") {
            stop("mvvm-lint only reads the package; to correct what it found, run `swift package --allow-writing-to-package-directory mvvm-fix` with the same options, without --fix.")
        }
        return fixing && !options.contains("--fix") ? ["--fix"] + options : options
    }

    /// Runs `tool lint` with `reading` (the paths, or how to find them; none for the whole
    /// folder) from `directory`, and fails the command with the tool's status when it fails.
    static func run(_ reading: [String], options: [String], in directory: URL, tool: URL, workDirectory: URL) throws {
        var options = options
        if !options.contains("--no-cache") && !options.contains("--cache-path") {
            // The plugin's own folder is always writable, even in a sandbox.
            options += ["--cache-path", workDirectory.appendingPathComponent("cache").path]
        }
        try runTool(tool, ["lint"] + options + reading, in: directory)
    }

    /// Runs `tool` with `arguments` from `directory`, and fails the command with the tool's
    /// status when it fails.
    static func runTool(_ tool: URL, _ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        do {
            try process.run()
        } catch {
            stop("could not start \(tool.path): \(startFailure(of: tool)) (\(error.localizedDescription)).")
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit else {
            stop("\(tool.lastPathComponent) \(arguments.first ?? "") was ended by signal \(process.terminationStatus).")
        }
        // The report says what was found, and the tool has said why it stopped: a diagnostic
        // here would only repeat it. (SwiftPM holds a plugin's output until the plugin ends, so
        // in a piped log its own "Plugin ended with exit code 1" still comes first.)
        if process.terminationStatus != 0 {
            exit(process.terminationStatus)
        }
    }

    /// Why `tool` did not start, in the terms a user can act on rather than Foundation's error.
    static func startFailure(of tool: URL) -> String {
        let manager = FileManager.default
        if !manager.fileExists(atPath: tool.path) {
            return "there is no file there (the plugins package may be incomplete; fetch it again)"
        }
        if !manager.isExecutableFile(atPath: tool.path) {
            return "the file is not executable"
        }
        return "the system cannot run it (a binary for another system or processor?)"
    }

    /// Reports `message` as the plugin's error and stops with status 2, the tool's status for
    /// a run that could not start.
    static func stop(_ message: String) -> Never {
        Diagnostics.error(message)
        exit(2)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LintRun {
    /// The same run for an Xcode project (File > Packages, or right-click the project): lints the
    /// project's folder, or the Swift files of the targets named with `--target`.
    static func perform(context: XcodePluginContext, arguments: [String], fixing: Bool) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = Set(extractor.extractOption(named: "target"))
        let project = context.xcodeProject
        let unknown = targetNames.subtracting(project.targets.map(\.displayName))
        guard unknown.isEmpty else {
            stop("No target named \(unknown.sorted().joined(separator: ", ")) in \(project.displayName)")
        }
        var reading: [String] = []
        if !targetNames.isEmpty {
            // The targets' files go in a list: a large target's would not fit on a command line.
            let files = project.targets.filter { targetNames.contains($0.displayName) }.flatMap { target in
                target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }
                    .map { LintTool.path(of: $0.url, relativeTo: project.directoryURL) }
            }
            let list = context.pluginWorkDirectoryURL.appendingPathComponent("mvvm-lint-targets.paths")
            try files.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
            reading = ["--paths-from", list.path]
        }
        try run(
            reading, options: try options(extractor.remainingArguments, fixing: fixing), in: project.directoryURL,
            tool: try LintTool.executable(configuredIn: project.directoryURL) { try context.tool(named: $0).url },
            workDirectory: context.pluginWorkDirectoryURL
        )
    }
}
#endif
