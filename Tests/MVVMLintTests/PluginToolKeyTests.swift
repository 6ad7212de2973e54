import CommandTestSupport
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
        // Lines inside a value that spans lines: neither reads a tool.
        "header: \"// Copyright\ntool: bash\n\"\n",
        "header: '// It''s ours\ntool: sh'\n",
        "header: \"a \\\" quote\ntool: sh\"\npreset: triad\n",
        "header: |\n  \"an open quote\npreset: triad\ntool: team-mvvm\n",
        "header: it's plain\ntool: team-mvvm\n",
        "# tool: sh\ntool: team-mvvm\n",
        // Windows line endings, and YAML's other line breaks.
        "preset: triad\r\ntool: team-mvvm\r\n",
        "header: \"x\r\ntool: sh\r\n\"\r\n",
        // An anchor or a tag before the quote.
        "header: &h \"x\ntool: sh\n\"\n",
        "header: !!str \"x\ntool: sh\n\"\n",
        // A colon or dash inside a plain value opens nothing.
        "excluded:\n  - a:\"b\nheader: \"c\ntool: sh\n\"\n",
        // A block scalar whose indicator has a comment after a tab.
        "header: |\t# c\n  \"x\nexcluded:\n  - \"a\ntool: sh\n  \"\n",
        // A plain value continued on a line that starts with a quote.
        "header: some text\n  \"continued\ntool: team-mvvm\n",
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

    @Test func aKeyInASecondDocumentIsNotTheConfigurations() throws {
        #expect(try Self.pluginReads("preset: triad\n---\ntool: sh\n") == nil)
        #expect(try Self.pluginReads("---\ntool: team-mvvm\n") == "team-mvvm")
    }

    @Test func aQuoteOpenedOnTheDocumentMarkerLineIsFollowed() throws {
        #expect(try Self.pluginReads("--- \"x\ntool: sh\n\"\n") == nil)
        #expect(try Self.pluginReads("--- [\ntool: sh]\n") == nil)
        #expect(try Self.pluginReads("preset: triad\n...\ttool\ntool: sh\n") == nil)
    }

    @Test func namesMvvmRefusesAreNotRead() throws {
        for name in [".", "..", ".hidden", "-x", String(repeating: "a", count: 129)] {
            #expect(try Self.pluginReads("tool: \(name)\n") == nil, "\(name)")
        }
    }

    @Test func aConfigurationThatIsALinkIsFollowed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "tool: team-mvvm\n".write(to: folder.appendingPathComponent("shared.yml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(".mvvm.yml").path, withDestinationPath: "shared.yml")
        #expect(LintTool.configuredName(in: folder) == "team-mvvm")
    }

    @Test func aKeyInsideAFlowCollectionThatSpansLinesIsNotTopLevel() throws {
        #expect(try Self.pluginReads("excluded: [\n  Generated,\ntool: sh]\n") == nil)
    }

    @Test func aFIFOInPlaceOfTheConfigurationIsNotWaitedOn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(mkfifo(folder.appendingPathComponent(".mvvm.yml").path, 0o644) == 0)
        #expect(LintTool.configuredName(in: folder) == nil)
    }

    @Test func programsOfTheMachineAreNotTheTeamsTool() throws {
        #expect(LintTool.isMachineProgram(URL(fileURLWithPath: "/bin/sh")))
        #expect(LintTool.isMachineProgram(URL(fileURLWithPath: "/usr/bin/true")))
        let swiftc = try #require(ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map { "\($0)/swiftc" }
            .first { FileManager.default.isExecutableFile(atPath: $0) })
        #expect(LintTool.isMachineProgram(URL(fileURLWithPath: swiftc).deletingLastPathComponent().appendingPathComponent("swift-run")))
        // A tool the build made, as SwiftPM hands a plugin its own tools.
        #expect(!LintTool.isMachineProgram(BuiltCommand("mvvm").url))
    }
}
