import Testing
@testable import MVVMLint

/// `view-state-mutation` finds path and selection bindings in the same walk as the changes it
/// reports, and drops the changes to those names afterwards: it reports what it did when each
/// had a walk of its own.
@Suite struct ViewStateMutationWalkTests {
    private func findings(_ source: String) throws -> [Diagnostic] {
        let linter = Linter(jobs: 1, rules: try RuleSet([ViewStateMutationRule.self]))
        return linter.lint([SourceInput(path: "Sources/App/Views.swift", text: source)], configurationForFile: { _ in Configuration() }).diagnostics
    }

    private func view(binding: String) -> String {
        """
        struct RoutesView: View {
            @State private var routes: [Route] = []
            var body: some View {
                Button("Add") { routes.append(.detail) }
            }
            \(binding)
        }
        """
    }

    @Test func aPathBindingInAStaticMemberStillMakesTheStatePresentation() throws {
        // A static member's changes are not the view's; its bindings were always looked at.
        #expect(try findings(view(binding: "static func stack(@Binding routes: [Route]) -> some View { NavigationStack(path: $routes) { Text(\"Root\") } }")).isEmpty)
        #expect(try findings(view(binding: "var stack: some View { NavigationStack(path: $routes) { Text(\"Root\") } }")).isEmpty)
    }

    @Test func changesInAStaticMemberAreNotTheViews() throws {
        let found = try findings(view(binding: "static func reset(routes: inout [Route]) { var copy = routes; copy.append(.detail) }"))
        #expect(found.map(\.line) == [4])
        #expect(found.first?.message == "View 'RoutesView' mutates its @State 'routes'; send an action to the view model instead.")
    }
}
