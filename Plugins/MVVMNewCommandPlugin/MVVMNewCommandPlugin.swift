import PackagePlugin

/// `swift package --allow-writing-to-package-directory mvvm-new NAME [mvvm new options]`: writes
/// a new screen into the package with the plugins' own `mvvm`, so a package that uses only the
/// plugins package (and the runtime with `traits: []`) can scaffold. Paths are the package's own
/// (`--output Sources/App`).
@main
struct MVVMNewCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try LintRun.runTool(try context.tool(named: LintTool.standard).url, ["new"] + arguments, in: context.package.directoryURL)
    }
}
