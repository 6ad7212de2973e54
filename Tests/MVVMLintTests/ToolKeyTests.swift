@testable import MVVMLint
import Testing

/// `tool:` in `.mvvm.yml`: the executable that runs the whole rule set, and what every other
/// reader of the file does with rule ids it does not know.
struct ToolKeyTests {
    static func load(_ yaml: String, runningTool: String = "mvvm", nested: Bool = false) throws(ConfigurationError) -> Configuration {
        try ConfigurationLoader(rules: .builtIn, runningTool: runningTool).parse(yaml, path: ".mvvm.yml", nested: nested)
    }

    static let teamConfiguration = """
        rules:
          repositories-have-test-doubles:
            suffixes: [Repository]
          view-model-final: off
        tool: team-mvvm
        presets:
          - id: team
            extends: triad
            add: [view-model-tasks-through-task-owner]
        preset: team

        """

    @Test func anotherToolsRulesAreLeftToItWhereverTheKeyStands() throws {
        let configuration = try Self.load(Self.teamConfiguration)
        #expect(configuration.tool == "team-mvvm")
        #expect(configuration.isPartialRun)
        #expect(configuration.rulesLeftToTool == ["repositories-have-test-doubles"])
        #expect(configuration.rules["view-model-final"]?.enabled == false, "the known rules' settings still apply")
        #expect(configuration.preset == "team")
    }

    /// SwiftPM runs a build-tool plugin's executable under the name `NAME-tool`.
    @Test(arguments: ["team-mvvm", "team-mvvm-tool"])
    func theNamedToolKnowsEveryRuleSoAnUnknownIdIsAMistake(running: String) {
        do {
            _ = try Self.load(Self.teamConfiguration, runningTool: running)
            Issue.record("the named tool accepted an id it does not know")
        } catch {
            #expect(error.line == 2 && error.message.hasPrefix("unknown rule id 'repositories-have-test-doubles'"), "\(error)")
        }
    }

    @Test func onlyTheNamedToolOrItsPluginBuildIsTheTool() {
        #expect(ConfigurationLoader.isTool("team-mvvm", running: "team-mvvm-tool"))
        #expect(!ConfigurationLoader.isTool("team-mvvm", running: "mvvm-tool"))
        #expect(!ConfigurationLoader.isTool("team-mvvm", running: "team-mvvm-tools"))
        #expect(!ConfigurationLoader.isTool("team-mvvm-tool", running: "team-mvvm"))
        #expect(!ConfigurationLoader.isTool("team-mvvm", running: nil))
    }

    @Test func withoutTheKeyPlainMvvmLeavesAForeignIdButNotATypo() throws {
        let foreign = try Self.load("rules:\n  repositories-have-test-doubles: off\n")
        #expect(foreign.tool == nil && !foreign.isPartialRun)
        #expect(foreign.rulesLeftToTool == ["repositories-have-test-doubles"])
        #expect(throws: ConfigurationError(
            path: ".mvvm.yml", line: 2, column: 3, message: "unknown rule id 'view-model-finall'; did you mean 'view-model-final'?"
        )) {
            try Self.load("rules:\n  view-model-finall: off\n")
        }
    }

    /// The plugins read the key by lines, so it must be written as they read it.
    @Test(arguments: [
        ("tool: [a, b]\n", ".mvvm.yml:1:7: error: 'tool' must be the name of an executable product (letters, digits, '.', '_' and '-')"),
        ("tool: team mvvm\n", ".mvvm.yml:1:7: error: 'tool' must be the name of an executable product (letters, digits, '.', '_' and '-')"),
        ("tool: ../bin/sh\n", ".mvvm.yml:1:7: error: 'tool' must be the name of an executable product (letters, digits, '.', '_' and '-')"),
        ("{tool: team-mvvm}\n", ".mvvm.yml:1:2: error: write 'tool: team-mvvm' on a line of its own, at the start of the line, as the plugins read it"),
        ("tool:\n  team-mvvm\n", ".mvvm.yml:1:1: error: write 'tool: team-mvvm' on a line of its own, at the start of the line, as the plugins read it"),
    ])
    func aToolThatDiffersFromWhatThePluginsReadIsRefused(yaml: String, message: String) {
        do {
            _ = try Self.load(yaml)
            Issue.record("accepted \(yaml)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aNestedConfigurationMayNotNameATool() {
        #expect(throws: ConfigurationError(
            path: ".mvvm.yml", line: 1, column: 1,
            message: "'tool' is not allowed in a nested configuration; name the tool in the root configuration, or in a package's own: a .mvvm.yml beside a Package.swift"
        )) {
            try Self.load("tool: team-mvvm\n", nested: true)
        }
    }

    @Test func aNestedConfigurationInheritsThePartialRun() throws {
        let root = try Self.load("tool: team-mvvm\n")
        let nested = try ConfigurationLoader(rules: .builtIn, runningTool: "mvvm")
            .parse("rules:\n  view-model-tasks-through-task-owner: error\n", path: "Sub/.mvvm.yml", over: root, nested: true)
        #expect(nested.isPartialRun)
        #expect(nested.rulesLeftToTool == ["view-model-tasks-through-task-owner"])
    }

    @Test func suppressionsOfUnknownRulesAreAnotherToolsInAPartialRunOnly() throws {
        let partial = try Self.load("tool: team-mvvm\n")
        #expect(RuleSet.builtIn.suppressibleIDs(under: partial) == nil)
        let whole = try Self.load("tool: team-mvvm\n", runningTool: "team-mvvm")
        #expect(RuleSet.builtIn.suppressibleIDs(under: whole) == RuleSet.builtIn.ids)
        let foreign = try Self.load("rules:\n  repositories-have-test-doubles: off\n")
        #expect(RuleSet.builtIn.suppressibleIDs(under: foreign) == RuleSet.builtIn.ids.union(["repositories-have-test-doubles"]))
    }

    @Test func theXcodeReportCanCarryHintsAsNotes() throws {
        let finding = Diagnostic(path: "A.swift", line: 3, column: 7, ruleID: "view-model-final", severity: .warning,
                                 message: "View model 'A' is not final.", hint: "Declare it `final class`.")
        var context = ReportContext(rules: .builtIn)
        #expect(try ReporterKind.xcode.render([finding], context: context)
            == "A.swift:3:7: warning: View model 'A' is not final. (view-model-final)\n")
        context.hintsAsNotes = true
        #expect(try ReporterKind.xcode.render([finding], context: context)
            == "A.swift:3:7: warning: View model 'A' is not final. (view-model-final)\nA.swift:3:7: note: Declare it `final class`.\n")
    }
}
