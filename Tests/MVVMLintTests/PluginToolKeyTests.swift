import Foundation
@testable import MVVMLint
import Testing

/// The plugins read `tool:` by lines (`PluginLintTool.swift` is their file, compiled here without
/// PackagePlugin). Where `mvvm` accepts a configuration both read the same tool; every other
/// way of writing the key `mvvm` refuses, so whichever tool a plugin starts stops at the file.
struct PluginToolKeyTests {
    static func pluginReads(_ yaml: String) throws -> String? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(yaml.utf8).write(to: folder.appendingPathComponent(".mvvm.yml"))
        return LintTool.configuredName(in: folder)
    }

    static func mvvmReads(_ yaml: String) throws(ConfigurationError) -> Configuration {
        try ConfigurationLoader(rules: .builtIn, runningTool: "mvvm").parse(yaml, path: ".mvvm.yml", nested: false)
    }

    @Test(arguments: [
        "tool: team-mvvm\n",
        "rules:\n  view-model-final: off\ntool: team-mvvm # the team's rules\n",
        "tool: 'team.mvvm_2'\n",
        "tool: \"team-mvvm\"\n",
        "tool:   spaced\n",
        "preset: triad\n",
        "header: |\n  tool: not-a-key\n",
        // A line that starts with the key inside another mapping: neither reads a tool.
        "rules: {view-model-final: off,\ntool: inside}\n",
    ])
    func whereMvvmAcceptsTheFileThePluginsReadTheSameTool(yaml: String) throws {
        let configuration = try Self.mvvmReads(yaml)
        #expect(try Self.pluginReads(yaml) == configuration.tool)
    }

    @Test(arguments: [
        "tool: -x\n",
        "tool: [a, b]\n",
        "tool: café\n",
        "  tool: indented\n",
        "tool:\n  team-mvvm\n",
    ])
    func everyOtherWayOfWritingTheKeyMvvmRefuses(yaml: String) {
        #expect(throws: ConfigurationError.self) { try Self.mvvmReads(yaml) }
    }
}
