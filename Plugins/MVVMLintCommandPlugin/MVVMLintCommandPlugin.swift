import Foundation
import PackagePlugin

/// `swift package mvvm-lint [--target NAME...] [mvvm lint options]`: lints the package, or the
/// named targets, with this package's `mvvm` tool. Options such as `--fix`, `--strict` and
/// `--reporter` pass through.
@main
struct MVVMLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let paths = targetNames.isEmpty
            ? [context.package.directoryURL.path]
            : try context.package.targets(named: targetNames).compactMap { $0.sourceModule?.directoryURL.path }
        try Self.lint(
            paths, options: extractor.remainingArguments, in: context.package.directoryURL,
            tool: try context.tool(named: "mvvm").url, workDirectory: context.pluginWorkDirectoryURL
        )
    }

    /// Runs `mvvm lint` with `reading` (the paths, or how to find them) from `directory`, and fails
    /// the command when it fails.
    static func lint(_ reading: [String], options: [String], in directory: URL, tool: URL, workDirectory: URL) throws {
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

/// The same command for an Xcode project (File > Packages, or right-click the project): lints the
/// project's folder, or the Swift files of the targets named with `--target`.
extension MVVMLintCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
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
        try Self.lint(
            reading, options: extractor.remainingArguments, in: project.directoryURL,
            tool: try context.tool(named: "mvvm").url, workDirectory: context.pluginWorkDirectoryURL
        )
    }
}
#endif
