import Foundation
import PackagePlugin

// Shared by the mvvm-lint and mvvm-fix command plugins (MVVMFixCommandPlugin links this file):
// SwiftPM grants write permission per plugin, so linting and fixing are two plugins, and only
// the one that rewrites files asks for it.

/// One `mvvm lint` run of a command plugin.
enum LintRun {
    /// Lints the package, or the targets named with `--target`; `fixing` adds `--fix`, which
    /// only the plugin holding write permission passes.
    static func perform(context: PluginContext, arguments: [String], fixing: Bool) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let paths = targetNames.isEmpty
            ? [context.package.directoryURL.path]
            : try context.package.targets(named: targetNames).compactMap { $0.sourceModule?.directoryURL.path }
        try run(
            paths, options: try options(extractor.remainingArguments, fixing: fixing), in: context.package.directoryURL,
            tool: try context.tool(named: "mvvm").url, workDirectory: context.pluginWorkDirectoryURL
        )
    }

    /// The options for `mvvm lint`: `--fix` is refused from the read-only plugin, with the verb
    /// that can fix, rather than failing later on a permission the plugin does not have.
    static func options(_ options: [String], fixing: Bool) throws -> [String] {
        if !fixing && options.contains("--fix") {
            Diagnostics.error("mvvm-lint only reads the package; to correct what it found, run `swift package --allow-writing-to-package-directory mvvm-fix` with the same options, without --fix.")
            exit(2)
        }
        return fixing && !options.contains("--fix") ? ["--fix"] + options : options
    }

    /// Runs `mvvm lint` with `reading` (the paths, or how to find them) from `directory`, and
    /// fails the command when it fails.
    static func run(_ reading: [String], options: [String], in directory: URL, tool: URL, workDirectory: URL) throws {
        var options = options
        if !options.contains("--no-cache") && !options.contains("--cache-path") {
            // The plugin's own folder is always writable, even in a sandbox.
            options += ["--cache-path", workDirectory.appendingPathComponent("cache").path]
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["lint"] + options + reading
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("mvvm lint exited with status \(process.terminationStatus)")
            exit(process.terminationStatus)
        }
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
            Diagnostics.error("No target named \(unknown.sorted().joined(separator: ", ")) in \(project.displayName)")
            exit(2)
        }
        var reading = [project.directoryURL.path]
        if !targetNames.isEmpty {
            // The targets' files go in a list: a large target's would not fit on a command line.
            let files = project.targets.filter { targetNames.contains($0.displayName) }.flatMap { target in
                target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url.path)
            }
            let list = context.pluginWorkDirectoryURL.appendingPathComponent("mvvm-lint-targets.paths")
            try files.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
            reading = ["--paths-from", list.path]
        }
        try run(
            reading, options: try options(extractor.remainingArguments, fixing: fixing), in: project.directoryURL,
            tool: try context.tool(named: "mvvm").url, workDirectory: context.pluginWorkDirectoryURL
        )
    }
}
#endif
