import Foundation
import PackagePlugin

/// Lints a target's sources as part of its build; diagnostics appear as compiler diagnostics do
/// (in Xcode's issue navigator, and in `swift build` output). Errors fail the build.
@main
struct MVVMLintBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        // The report is the command's declared output, so the build reruns it only when a
        // source changes.
        let report = context.pluginWorkDirectoryURL.appendingPathComponent("mvvm-lint-\(target.name).json")
        return [
            .buildCommand(
                displayName: "Linting \(target.name) against the MVVM architecture",
                executable: try context.tool(named: "mvvm").url,
                arguments: [
                    "lint", "--reporter", "xcode", "--reporter", "json:\(report.path)",
                    "--cache-path", context.pluginWorkDirectoryURL.appendingPathComponent("cache").path,
                    module.directoryURL.path,
                ],
                inputFiles: sources,
                outputFiles: [report]
            ),
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same build step for a target of an Xcode project (an app rather than a package): Xcode
/// hands over the target's files, not a folder, so those are what is linted.
extension MVVMLintBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        guard !sources.isEmpty else { return [] }
        let report = context.pluginWorkDirectoryURL.appendingPathComponent("mvvm-lint-\(target.displayName).json")
        return [
            .buildCommand(
                displayName: "Linting \(target.displayName) against the MVVM architecture",
                executable: try context.tool(named: "mvvm").url,
                arguments: [
                    "lint", "--reporter", "xcode", "--reporter", "json:\(report.path)",
                    "--cache-path", context.pluginWorkDirectoryURL.appendingPathComponent("cache").path,
                ] + sources.map(\.path),
                inputFiles: sources,
                outputFiles: [report]
            ),
        ]
    }
}
#endif
