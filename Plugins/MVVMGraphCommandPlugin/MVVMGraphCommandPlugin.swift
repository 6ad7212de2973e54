import PackagePlugin

/// `swift package mvvm-graph [mvvm graph options]`: prints the package's view-model graph with
/// the plugins' own `mvvm`. It reads only, so it asks for no permission: redirect its output
/// (`swift package mvvm-graph --format dot > graph.dot`) rather than passing `--output`.
@main
struct MVVMGraphCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // The plugin's own folder is always writable, even in a sandbox.
        let cache = arguments.contains("--no-cache") || arguments.contains("--cache-path")
            ? [] : ["--cache-path", context.pluginWorkDirectoryURL.appendingPathComponent("cache").path]
        try LintRun.runTool(try context.tool(named: LintTool.standard).url, ["graph"] + arguments + cache, in: context.package.directoryURL)
    }
}
