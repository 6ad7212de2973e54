import Testing
@testable import MVVMLint

/// The linter asks once per configuration which of its rules run; the answer must be
/// `isEnabled` for each rule, and change with the settings it depends on.
struct EnabledRuleFlagsTests {
    private let list = RuleDescriptionList(RuleSet.builtIn.descriptions)

    @Test func theFlagsAreEachRulesIsEnabled() {
        var configuration = Configuration()
        #expect(configuration.enabledFlags(of: list) == list.descriptions.map(configuration.isEnabled))
        configuration.preset = .responder
        #expect(configuration.enabledFlags(of: list) == list.descriptions.map(configuration.isEnabled))
    }

    @Test func aCopyWithOtherSettingsGetsItsOwnAnswer() throws {
        let base = Configuration()
        let first = try #require(list.descriptions.firstIndex { base.isEnabled($0) })
        #expect(base.enabledFlags(of: list)[first])
        var changed = base
        changed.rules[list.descriptions[first].id] = RuleSetting(enabled: false)
        #expect(!changed.enabledFlags(of: list)[first])
        #expect(base.enabledFlags(of: list)[first])

        var otherPreset = base
        otherPreset.preset = .responder
        #expect(otherPreset.enabledFlags(of: list) == list.descriptions.map(otherPreset.isEnabled))
        #expect(otherPreset.enabledFlags(of: list) != base.enabledFlags(of: list))
    }

    @Test func eachListGetsItsOwnAnswer() {
        let configuration = Configuration()
        let reversed = RuleDescriptionList(list.descriptions.reversed())
        #expect(configuration.enabledFlags(of: list) == list.descriptions.map(configuration.isEnabled))
        #expect(configuration.enabledFlags(of: reversed) == reversed.descriptions.map(configuration.isEnabled))
    }
}
