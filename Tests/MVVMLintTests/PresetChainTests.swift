import Foundation
import MVVMLint
import Testing

/// Long chains of presets resolve in time linear in their length, and a configuration that is
/// only `---` means the defaults.
struct PresetChainTests {
    /// `count` presets, each extending the one before; the first extends `triad`, the last is
    /// chosen. The middle one removes a rule, so membership is decided inside the chain.
    static func chain(_ count: Int) -> String {
        var yaml = "presets:\n"
        for index in 0..<count {
            yaml += "  - id: p\(index)\n    extends: \(index == 0 ? "triad" : "p\(index - 1)")\n"
            if index == count / 2 {
                yaml += "    remove: [view-model-final]\n"
            }
        }
        return yaml + "preset: p\(count - 1)\n"
    }

    @Test func tenThousandChainedPresetsResolve() throws {
        let configuration = try PresetTests.load(Self.chain(10_000))
        let triad = Set(RuleSet.builtIn.rules(of: .triad).map(\.id))
        #expect(PresetTests.enabledIDs(configuration) == triad.subtracting(["view-model-final"]))
        // Every preset of the chain asked about, as `mvvm rules` does.
        let membership = Preset.Membership(presets: configuration.presets)
        let counts = configuration.presets.map { RuleSet.builtIn.rules(of: $0.id, membership: membership).count }
        #expect(counts.first == triad.count)
        #expect(counts.last == triad.count - 1)
        #expect(Preset.lineage(of: Preset.ID(rawValue: "p9999"), presets: configuration.presets).count == 10_001)
    }

    @Test func aChainIntoACycleIsReportedAtTheFirstPresetOnTheCycle() {
        // `lead` (first) only reaches the cycle; `a`, later, is on it.
        let yaml = "presets:\n  - id: lead\n    extends: b\n  - id: a\n    extends: b\n  - id: b\n    extends: a\n"
        #expect(throws: ConfigurationError.self) { try PresetTests.load(yaml) }
        do {
            _ = try PresetTests.load(yaml)
        } catch {
            #expect(error.description == ".mvvm.yml:5:14: error: the preset 'a' extends itself: 'a' → 'b' → 'a'")
        }
    }

    @Test(arguments: ["---\n", "---", "--- ~\n", "---\n...\n", ""])
    func aConfigurationOfAnEmptyDocumentMeansTheDefaults(yaml: String) throws {
        #expect(try PresetTests.load(yaml) == Configuration())
    }
}
