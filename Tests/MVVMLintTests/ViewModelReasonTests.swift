import MVVMLint
import Testing

/// A finding about a class its name does not call a view model says why the linter takes it for
/// one, so a reader can judge the finding.
struct ViewModelReasonTests {
    static func messages(_ files: [String: String], rule: String) -> [String] {
        let sources = files.sorted { $0.key < $1.key }.map { SourceInput(path: $0.key, text: $0.value) }
        var triad = Configuration()
        triad.preset = .triad
        let configuration = triad
        let result = Linter(jobs: 1, rules: .builtIn).lint(sources, configurationForFile: { _ in configuration })
        return result.diagnostics.filter { $0.ruleID == rule }.map(\.message)
    }

    @Test func anOwnedModelObjectNamesTheViewThatOwnsIt() {
        let messages = Self.messages([
            "App/Report.swift": "struct Report {\n    let creator: Person\n}\n",
            "App/Person.swift": """
                import SwiftUI
                @Observable final class Person { var name = "" }
                struct PersonView: View {
                    @State private var person = Person()
                    var body: some View { Text(person.name) }
                }
                """,
        ], rule: "layering")
        #expect(messages == [
            "Model 'Report' stores the view model 'Person'; models never reference the layers above them. "
                + "'Person' is a view model because the view 'PersonView' owns or observes it.",
        ])
    }

    @Test func aSubclassNamesItsBaseAndANamedViewModelNeedsNoReason() {
        let messages = Self.messages([
            "App/Screens.swift": """
                import Combine
                class BaseViewModel: ObservableObject {}
                final class SettingsScreen: BaseViewModel {}
                final class ProfileViewModel: BaseViewModel {}
                struct Holder {
                    let screen: SettingsScreen
                    let profile: ProfileViewModel
                }
                """,
        ], rule: "layering")
        #expect(messages.sorted() == [
            "Model 'Holder' stores the view model 'ProfileViewModel'; models never reference the layers above them.",
            "Model 'Holder' stores the view model 'SettingsScreen'; models never reference the layers above them. "
                + "'SettingsScreen' is a view model because it derives from 'BaseViewModel'.",
        ])
    }
}
