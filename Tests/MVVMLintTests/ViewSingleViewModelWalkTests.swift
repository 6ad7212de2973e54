import Testing
@testable import MVVMLint

/// `view-single-view-model` finds the uses of all of a view's environment objects in one walk:
/// each object is still judged on its own uses.
@Suite struct ViewSingleViewModelWalkTests {
    private func findings(_ source: String) throws -> [Diagnostic] {
        let linter = Linter(jobs: 1, rules: try RuleSet([ViewSingleViewModelRule.self]))
        return linter.lint([SourceInput(path: "Sources/App/Views.swift", text: source)], configurationForFile: { _ in Configuration() }).diagnostics
    }

    @Test func eachEnvironmentObjectIsJudgedOnItsOwnUses() throws {
        let found = try findings("""
            struct SettingsView: View {
                @EnvironmentObject private var theme: ThemeStore
                @EnvironmentObject private var store: SettingsStore
                @EnvironmentObject private var session: SessionStore
                @StateObject var viewModel = SettingsViewModel()
                var body: some View {
                    Text("Hello")
                        .foregroundStyle(theme.accent)
                        .onAppear { viewModel.send(.onAppear(store)) }
                        .sheet(isPresented: $session.isSigningIn) { Text("Sign in") }
                }
            }
            """)
        // `theme` and `session` (through its projection) are read; `store` is only handed on.
        #expect(found.map(\.message).sorted() == [
            "View 'SettingsView' reads the environment object 'session' itself; pass it to the view model with an action.",
            "View 'SettingsView' reads the environment object 'theme' itself; pass it to the view model with an action.",
        ])
        #expect(found.map(\.line).sorted() == [2, 4])
    }
}
