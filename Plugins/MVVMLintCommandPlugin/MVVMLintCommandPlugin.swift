import PackagePlugin

/// `swift package mvvm-lint [--target NAME...] [mvvm lint options]`: lints the package, or the
/// named targets, with this package's `mvvm` tool, and writes nothing into the package (so it
/// needs no permission). Options such as `--strict` and `--reporter` pass through; `--fix` is
/// `mvvm-fix`'s job.
@main
struct MVVMLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try LintRun.perform(context: context, packageManager: packageManager, arguments: arguments, fixing: false)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MVVMLintCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try LintRun.perform(context: context, arguments: arguments, fixing: false)
    }
}
#endif
