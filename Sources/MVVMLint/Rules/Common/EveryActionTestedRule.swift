/// Every action and every responder action is exercised by a test.
struct EveryActionTestedRule: ProjectRule {
    static let description = RuleDescription(
        id: "every-action-tested",
        summary: "Every case of a view model's Action and ResponderAction enums, and every function of a *ViewModeling protocol, is referenced by a test file.",
        rationale: """
            The responder rule book's rule 9: every view model action and every responder action must be tested. A case \
            no test file mentions is certainly untested. The rule runs only when the linted files include \
            test files (under `tests:` or importing XCTest / Testing).
            """,
        presets: .common, defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                @MainActor @Observable
                final class CounterViewModel {
                    enum Action { case increment, ↓reset }
                    func send(_ action: Action) {}
                }
                """, extraFiles: ["Tests/AppTests/CounterViewModelTests.swift": """
                import Testing
                @Test func increments() { CounterViewModel().send(.increment) }
                """]),
            RuleExample("""
                @MainActor
                protocol ItemListViewModeling: Observable {
                    func ↓addRow()
                    func load()
                }
                """, extraFiles: ["Tests/AppTests/ItemListTests.swift": """
                import XCTest
                final class ItemListTests: XCTestCase { func testLoad() { sut.load() } }
                """]),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class LoginViewModel {
                    enum ResponderAction { case authenticated }
                    enum Action { case authenticate }
                    func send(_ action: Action) {}
                }
                """, extraFiles: ["Tests/AppTests/LoginTests.swift": """
                import Testing
                @Test func login() {
                    sut.send(.authenticate)
                    #expect(parent.actions == [.authenticated])
                }
                """]),
            RuleExample("""
                @MainActor @Observable
                final class CounterViewModel {
                    enum Action { case increment, reset }
                }
                """),
        ]
    )

    func check(_ project: ProjectContext) -> [Diagnostic] {
        let testFiles = project.files.filter(\.isTestFile)
        guard !testFiles.isEmpty else { return [] }
        // Look each candidate name up in the test files, rather than merging every word of
        // every test file into one set.
        var known: [String: Bool] = [:]
        func isReferenced(_ name: String) -> Bool {
            if let answer = known[name] { return answer }
            let answer = testFiles.contains { $0.testReferences.contains(name) }
            known[name] = answer
            return answer
        }
        var found: [Diagnostic] = []
        for file in project.files where !file.isTestFile {
            for enumCase in file.enumCases
            where ["Action", "ResponderAction"].contains(enumCase.enumName)
                && project.index.has(.viewModel, enumCase.ownerType)
                && !isReferenced(enumCase.caseName) {
                found.append(project.report(
                    Self.description, path: file.path, line: enumCase.line, column: enumCase.column,
                    "\(enumCase.ownerType).\(enumCase.enumName).\(enumCase.caseName) is not referenced by any test.",
                    hint: "Add a test that sends it."
                ))
            }
            for requirement in file.requirements
            where project.index.has(.viewModelingProtocol, requirement.protocolName) && !isReferenced(requirement.functionName) {
                found.append(project.report(
                    Self.description, path: file.path, line: requirement.line, column: requirement.column,
                    "\(requirement.protocolName).\(requirement.functionName)() is not called by any test.",
                    hint: "Add a test that calls it."
                ))
            }
        }
        return found
    }
}
