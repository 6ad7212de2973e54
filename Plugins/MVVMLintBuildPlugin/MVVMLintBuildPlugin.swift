import Foundation
import PackagePlugin

/// Lints a target's sources as part of its build; diagnostics appear as compiler diagnostics do
/// (in Xcode's issue navigator, and in `swift build` output). Errors fail the build. A build
/// with nothing to report prints nothing, and the plugin writes no file into the target: a
/// build command's output files become resources of the target in SwiftPM, so it declares none
/// (the command then runs when the plugin's input files change, like any other step).
@main
struct MVVMLintBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule, module.kind != .test else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        let testModules = LintTool.testModules(of: target, in: context.package)
        let tests = testModules.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
        return [
            Self.lintCommand(
                target: target.name, reading: [module.directoryURL.path] + testModules.map(\.directoryURL.path),
                inputs: sources + tests, tool: try LintTool.executable(configuredIn: context.package.directoryURL) { try context.tool(named: $0).url },
                workDirectory: context.pluginWorkDirectoryURL
            ),
        ]
    }

    /// `mvvm lint` with `reading` (the paths, or how to find them), reporting to the build log in
    /// Xcode's format with each hint as a note, which prints nothing when there is nothing to say.
    static func lintCommand(target: String, reading: [String], inputs: [URL], tool: URL, workDirectory: URL) -> Command {
        .buildCommand(
            displayName: "Linting \(target) against the MVVM architecture",
            executable: tool,
            arguments: [
                "lint", "--reporter", "xcode", "--hints",
                "--cache-path", workDirectory.appendingPathComponent("cache").path,
            ] + reading,
            inputFiles: inputs,
            outputFiles: []
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same build step for a target of an Xcode project (an app rather than a package): Xcode
/// hands over the target's files, not a folder, so those are what is linted, listed in a file.
/// A project's test targets are not linked to the app target in a way the plugin can see, so
/// `every-action-tested` does not run here (it runs only when the linted files include tests).
extension MVVMLintBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        guard !sources.isEmpty else { return [] }
        // A large target's paths would not fit on a command line, so they go in a list.
        let list = context.pluginWorkDirectoryURL.appendingPathComponent("mvvm-lint-\(target.displayName).paths")
        try sources.map(\.path).joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        return [
            Self.lintCommand(
                target: target.displayName, reading: ["--paths-from", list.path], inputs: sources,
                tool: try LintTool.executable(configuredIn: context.xcodeProject.directoryURL) { try context.tool(named: $0).url },
                workDirectory: context.pluginWorkDirectoryURL
            ),
        ]
    }
}
#endif
