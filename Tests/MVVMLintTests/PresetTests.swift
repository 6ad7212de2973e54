import CommandTestSupport
import Foundation
import MVVMLint
import Testing

/// Presets as data: the built-in ones derived from the rules' own membership, and a team's own
/// under `presets:` in `.mvvm.yml`, chosen with `preset:` or `extends:`.
struct PresetTests {
    static func load(_ yaml: String) throws(ConfigurationError) -> Configuration {
        try ConfigurationLoader(rules: .builtIn).parse(yaml, path: ".mvvm.yml")
    }

    static func enabledIDs(_ configuration: Configuration) -> Set<String> {
        Set(RuleSet.builtIn.descriptions.filter(configuration.isEnabled).map(\.id))
    }

    static let team = """
        presets:
          - id: team
            summary: The triad without its naming rules, with private outputs.
            extends: triad
            add: [outputs-private-set]
            remove: [associated-type-naming, view-model-property-name]
        preset: team

        """

    @Test func theBuiltInPresetsHoldTheRulesThatNameThem() {
        for preset in RuleSet.builtIn.presets {
            let expected = RuleSet.builtIn.descriptions.filter { $0.presets.contains(preset.id) }.map(\.id)
            #expect(RuleSet.builtIn.rules(of: preset.id).map(\.id) == expected)
            #expect(!expected.isEmpty)
        }
        #expect(RuleSet.builtIn.presets.map(\.id) == [.triad, .responder])
        // A common rule is in both; a triad rule only in the triad preset.
        #expect(RuleSet.builtIn.rules(of: .responder).contains { $0.id == "view-model-final" })
        #expect(!RuleSet.builtIn.rules(of: .responder).contains { $0.id == "view-generic-over-view-model" })
    }

    @Test func aTeamPresetExtendsABuiltInOneAndAddsAndRemovesRules() throws {
        let configuration = try Self.load(Self.team)
        #expect(configuration.preset == "team")
        #expect(configuration.presetLineage == ["team", .triad])
        let triad = Set(RuleSet.builtIn.rules(of: .triad).map(\.id))
        let expected = triad.union(["outputs-private-set"]).subtracting(["associated-type-naming", "view-model-property-name"])
        #expect(Self.enabledIDs(configuration) == expected)
        #expect(RuleSet.builtIn.rules(of: "team", defined: configuration.presets).map(\.id).count == expected.count)
    }

    @Test func aPresetCanExtendATeamPresetAndBeChosenWithExtendsBeforeItIsDefined() throws {
        let configuration = try Self.load("""
            extends: strict-team
            presets:
              - id: strict-team
                extends: team
                add: view-model-property-name
              - id: team
                extends: responder
                remove: [view-anatomy]

            """)
        #expect(configuration.presetLineage == ["strict-team", "team", .responder])
        let responder = Set(RuleSet.builtIn.rules(of: .responder).map(\.id))
        #expect(Self.enabledIDs(configuration) == responder.subtracting(["view-anatomy"]).union(["view-model-property-name"]))
    }

    @Test func aPresetWithoutAParentHoldsOnlyWhatItAdds() throws {
        let configuration = try Self.load("presets:\n  - id: minimal\n    add: [view-model-final, layering]\npreset: minimal\n")
        #expect(Self.enabledIDs(configuration) == ["view-model-final", "layering"])
    }

    @Test func ruleSettingsStillWinOverThePreset() throws {
        let configuration = try Self.load(Self.team + "rules:\n  outputs-private-set: off\n  associated-type-naming: on\n")
        #expect(!Self.enabledIDs(configuration).contains("outputs-private-set"))
        #expect(Self.enabledIDs(configuration).contains("associated-type-naming"))
    }

    @Test func aNestedConfigurationChoosesAPresetItsRootDefines() throws {
        let root = try Self.load(Self.team.replacingOccurrences(of: "preset: team\n", with: "preset: triad\n"))
        let nested = try ConfigurationLoader(rules: .builtIn).parse("preset: team\n", path: "Feature/.mvvm.yml", over: root, nested: true)
        #expect(nested.preset == "team")
        #expect(Self.enabledIDs(nested).contains("outputs-private-set"))
        #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader(rules: .builtIn).parse("presets:\n  - id: team\n", path: "Feature/.mvvm.yml", over: root, nested: true)
        }
    }

    /// Each mistake stops loading with the place it was made.
    @Test(arguments: [
        ("preset: triadd\n",
         ".mvvm.yml:1:9: error: unknown preset 'triadd'; did you mean 'triad'?"),
        ("presets:\n  - id: team\n    extends: responer\n",
         ".mvvm.yml:3:14: error: unknown preset 'responer'; did you mean 'responder'?"),
        ("presets:\n  - id: team\n    extends: triad\npreset: taem\n",
         ".mvvm.yml:4:9: error: unknown preset 'taem'; did you mean 'team'?"),
        ("presets:\n  - id: a\n    extends: b\n  - id: b\n    extends: c\n  - id: c\n    extends: a\n",
         ".mvvm.yml:3:14: error: the preset 'a' extends itself: 'a' → 'b' → 'c' → 'a'"),
        ("presets:\n  - id: loop\n    extends: loop\n",
         ".mvvm.yml:3:14: error: the preset 'loop' extends itself: 'loop' → 'loop'"),
        ("presets:\n  - id: team\n    extends: triad\n    remove: [view-model-finale]\n",
         ".mvvm.yml:4:14: error: unknown rule id in 'team.remove' 'view-model-finale'; did you mean 'view-model-final'?"),
        ("presets:\n  - id: team\n    add: view-sends-action\n",
         ".mvvm.yml:3:10: error: unknown rule id in 'team.add' 'view-sends-action'; did you mean 'view-sends-actions'?"),
        ("presets:\n  - id: team\n    extends: triad\n  - id: team\n    extends: responder\n",
         ".mvvm.yml:4:9: error: the preset id 'team' is defined twice"),
        ("presets:\n  - id: triad\n    remove: [view-model-final]\n",
         ".mvvm.yml:2:9: error: the preset id 'triad' is the id of a built-in preset; choose another"),
        ("presets:\n  - id: Team\n",
         ".mvvm.yml:2:9: error: the preset id 'Team' must be kebab case"),
        ("presets:\n  - id: team\n    extend: triad\n",
         ".mvvm.yml:3:5: error: unknown key in 'presets' 'extend'; did you mean 'extends'?"),
        ("presets:\n  - summary: No id.\n",
         ".mvvm.yml:2:5: error: a preset needs an 'id'"),
        ("presets: team\n",
         ".mvvm.yml:1:10: error: 'presets' must be a list of presets"),
        ("preset: triad\nextends: responder\n",
         ".mvvm.yml:2:1: error: 'extends' and 'preset' both choose the preset; keep one"),
    ])
    func aBadPresetIsAnErrorAtItsPlace(yaml: String, expected: String) {
        #expect {
            _ = try Self.load(yaml)
        } throws: { error in
            let description = (error as? ConfigurationError)?.description ?? "\(error)"
            return description.hasPrefix(expected)
        }
    }

    @Test func aPresetChosenInCodeThatNothingDefinesRunsNoBuiltInRule() {
        var configuration = Configuration()
        configuration.preset = "nothing"
        #expect(Self.enabledIDs(configuration).isEmpty)
        // A cycle built in code ends the walk instead of hanging it.
        configuration.presets = [Preset(id: "a", summary: "", parent: "b"), Preset(id: "b", summary: "", parent: "a")]
        configuration.preset = "a"
        #expect(Self.enabledIDs(configuration).isEmpty)
        #expect(configuration.presetLineage == ["a", "b"])
    }

    @Test func theRuleBookListsThePresets() {
        let book = RuleBook.markdown(.builtIn)
        #expect(book.contains("| preset | rules | summary |\n|---|---|---|\n| `triad` | \(RuleSet.builtIn.rules(of: .triad).count) | "))
        #expect(book.contains("| `responder` | \(RuleSet.builtIn.rules(of: .responder).count) | "))
    }
}

/// `--preset` and `mvvm new` with a team preset, through the real executable.
struct PresetCommandTests {
    func run(_ arguments: [String], in directory: URL) async throws -> CommandRun {
        try await BuiltCommand("mvvm").run(arguments, in: directory)
    }


    /// A view model that breaks `outputs-private-set` (responder) and nothing of the triad.
    static let viewModel = """
        import Observation

        @MainActor @Observable
        final class CounterViewModel: CounterViewModeling {
            var count = 0
        }

        """

    static let configuration = """
        presets:
          - id: team
            extends: triad
            add: [outputs-private-set]
        preset: triad

        """

    func ruleIDs(_ output: String) -> Set<String> {
        Set(output.split(separator: "\n").compactMap { line in
            guard line.hasSuffix(")"), let open = line.lastIndex(of: "(") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        })
    }

    @Test func presetNamesATeamPresetTheConfigurationDefines() async throws {
        let project = try temporaryProject([".mvvm.yml": Self.configuration, "Sources/App/CounterViewModel.swift": Self.viewModel])
        defer { try? FileManager.default.removeItem(at: project) }
        let triad = try await run(["lint", "--no-cache", "--reporter", "xcode", "Sources"], in: project)
        #expect(!ruleIDs(triad.output).contains("outputs-private-set"), "\(triad.output)")
        let team = try await run(["lint", "--no-cache", "--reporter", "xcode", "--preset", "team", "Sources"], in: project)
        #expect(ruleIDs(team.output).contains("outputs-private-set"), "\(team.output)\n\(team.error)")
        #expect(ruleIDs(team.output).subtracting(["outputs-private-set"]) == ruleIDs(triad.output))
    }

    @Test func anUnknownPresetListsTheConfigurationsPresetsToo() async throws {
        let project = try temporaryProject([".mvvm.yml": Self.configuration, "Sources/App/CounterViewModel.swift": Self.viewModel])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "--preset", "taem", "Sources"], in: project)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix(
            "Error: The value 'taem' is invalid for '--preset <preset>'. Please provide one of 'triad', 'responder' or 'team'. Did you mean 'team'?"
        ), "\(result.error)")
    }

    @Test func aBadPresetInTheConfigurationExitsWithTwo() async throws {
        let project = try temporaryProject([".mvvm.yml": "preset: tirad\n", "Sources/App/CounterViewModel.swift": Self.viewModel])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "Sources"], in: project)
        #expect(result.status == 2)
        #expect(result.error.contains(".mvvm.yml:1:9: error: unknown preset 'tirad'; did you mean 'triad'?"), "\(result.error)")
    }

    @Test func rulesListsThePresetsTheConfigurationDefines() async throws {
        let yaml = Self.configuration.replacingOccurrences(of: "    extends: triad\n", with: "    summary: Triad and private outputs.\n    extends: triad\n")
        let project = try temporaryProject([".mvvm.yml": yaml])
        defer { try? FileManager.default.removeItem(at: project) }
        let count = RuleSet.builtIn.rules(of: .triad).count + 1
        let list = try await run(["rules"], in: project)
        #expect(list.output.hasSuffix("\npreset team (\(count) rules, extends triad): Triad and private outputs.\n"), "\(list.output)")
        let book = try await run(["rules", "--markdown"], in: project)
        #expect(book.output.hasSuffix("\n| `team` | `triad` | \(count) | Triad and private outputs. |\n"), "\(book.output)")
    }

    @Test func newWritesTheStyleOfTheBuiltInPresetATeamPresetExtends() async throws {
        let yaml = "presets:\n  - id: team\n    extends: responder\n    remove: [view-anatomy]\npreset: team\n"
        let project = try temporaryProject([".mvvm.yml": yaml, "Sources/App/.keep": ""])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["new", "Profile", "--output", "Sources/App", "--tests", "Tests/AppTests", "--dry-run"], in: project)
        #expect(result.status == 0, "\(result.error)")
        // The triad style writes a `*ViewModeling` protocol; the responder style does not.
        #expect(!result.output.contains("ProfileViewModeling"), "\(result.output)")
        #expect(result.output.contains("ProfileViewModel.swift"), "\(result.output)")
    }
}
