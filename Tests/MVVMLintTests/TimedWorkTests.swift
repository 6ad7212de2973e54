@testable import MVVMLint
import Testing

/// `--timing`: a measured run accounts for each phase of the engine and each rule, typed, and
/// prints phases in parentheses so none reads as a rule's id.
struct TimedWorkTests {
    @Test func aMeasuredRunTimesEveryPhaseAndRule() {
        let source = SourceInput(path: "AViewModel.swift", text: "@Observable final class AViewModel {}\n")
        let result = Linter(jobs: 1, measuresTime: true, rules: .builtIn).lint([source], configurationForFile: { _ in Configuration() })
        for phase in TimedWork.Phase.allCases {
            #expect(result.timings[.phase(phase)] != nil, "\(phase)")
        }
        #expect(result.timings[.rule("view-model-final")] != nil)
        #expect(Linter(jobs: 1, rules: .builtIn).lint([source], configurationForFile: { _ in Configuration() }).timings.isEmpty)
    }

    @Test func phasesPrintInParenthesesAndRulesByID() {
        #expect(TimedWork.phase(.depthCheck).description == "(depth check)")
        #expect(TimedWork.phase(.parse).description == "(parse)")
        #expect(TimedWork.rule("view-model-final").description == "view-model-final")
    }
}
