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
        return [
            Self.lintCommand(
                target: target.name, reading: [module.directoryURL.path], sources: sources,
                tool: try context.tool(named: "mvvm").url, workDirectory: context.pluginWorkDirectoryURL
            ),
        ]
    }

    /// `mvvm lint` with `reading` (the paths, or how to find them), reporting to the build log in
    /// Xcode's format and to a JSON file.
    static func lintCommand(target: String, reading: [String], sources: [URL], tool: URL, workDirectory: URL) -> Command {
        // The report is the command's declared output, so the build reruns it only when a
        // source changes.
        let report = workDirectory.appendingPathComponent("mvvm-lint-\(target).json")
        return .buildCommand(
            displayName: "Linting \(target) against the MVVM architecture",
            executable: tool,
            arguments: [
                "lint", "--reporter", "xcode", "--reporter", "json:\(report.path)",
                "--cache-path", workDirectory.appendingPathComponent("cache").path,
            ] + reading,
            inputFiles: sources,
            outputFiles: [report]
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same build step for a target of an Xcode project (an app rather than a package): Xcode
/// hands over the target's files, not a folder, so those are what is linted, listed in a file.
extension MVVMLintBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        guard !sources.isEmpty else { return [] }
        // A large target's paths would not fit on a command line, so they go in a list.
        let list = context.pluginWorkDirectoryURL.appendingPathComponent("mvvm-lint-\(target.displayName).paths")
        try sources.map(\.path).joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        return [
            Self.lintCommand(
                target: target.displayName, reading: ["--paths-from", list.path], sources: sources,
                tool: try context.tool(named: "mvvm").url, workDirectory: context.pluginWorkDirectoryURL
            ),
        ]
    }
}
#endif
