import PackagePlugin

/// `swift package --allow-writing-to-package-directory mvvm-fix [--target NAME...] [options]`:
/// `mvvm lint --fix` on the package, or the named targets, then reports what is left. The only
/// plugin of this package that asks to write into the package directory.
@main
struct MVVMFixCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try LintRun.perform(context: context, packageManager: packageManager, arguments: arguments, fixing: true)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MVVMFixCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try LintRun.perform(context: context, arguments: arguments, fixing: true)
    }
}
#endif
