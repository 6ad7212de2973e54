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
        var options = extractor.remainingArguments
        if !options.contains("--no-cache") && !options.contains("--cache-path") {
            // The plugin's own folder is always writable, even in a sandbox.
            options += ["--cache-path", context.pluginWorkDirectoryURL.appendingPathComponent("cache").path]
        }

        let process = Process()
        process.executableURL = try context.tool(named: "mvvm").url
        process.arguments = ["lint"] + options + paths
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("mvvm lint exited with status \(process.terminationStatus)")
            exit(process.terminationStatus)
        }
    }
}
