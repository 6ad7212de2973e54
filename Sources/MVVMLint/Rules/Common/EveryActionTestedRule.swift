/// Every action and every responder action is exercised by a test.
struct EveryActionTestedRule: ProjectRule {
    static let description = RuleDescription(
        id: "every-action-tested",
        summary: "Every case of a view model's Action and ResponderAction enums, and every function of a *ViewModeling protocol, is referenced by a test file.",
        rationale: """
            The responder rule book's rule 9: every view model action and every responder action must be tested. A case \
            no test file mentions is certainly untested, unless a test drives it through the view model's \
            public paths: a test that names the view model (or a view model that holds or makes it, as a \
            flow test of the parent does) and names what sends the case in the view model's own code: a \
            property whose observer sends it (a route), a method, an action whose handling sends it (a \
            child's `.save` that sends `.closeEditor` to its parent), or the view model itself when its \
            initialiser sends it. The rule runs only when the linted files include test files (under \
            `tests:` or importing XCTest / Testing).
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
                final class ItemListTests: XCTestCase { func testLoad() { ItemListViewModel().load() } }
                """]),
            RuleExample("""
                @MainActor @Observable
                final class PlayerViewModel {
                    enum Action { case ↓refresh, play }
                    func send(_ action: Action) {}
                }
                """, extraFiles: ["Tests/AppTests/PlayerViewModelTests.swift": """
                import Testing
                // refresh is covered elsewhere
                @Test func plays() { PlayerViewModel().send(.play) }
                """, "Tests/AppTests/FeedViewModelTests.swift": """
                import Testing
                @Test func refreshes() { FeedViewModel().send(.refresh) }
                """]),
            RuleExample("""
                @MainActor
                protocol SearchViewModeling: Observable {
                    func ↓search()
                }
                """, extraFiles: ["Tests/AppTests/MockSearchViewModel.swift": """
                import Testing
                final class MockSearchViewModel: SearchViewModeling {
                    func search() {}
                }
                """]),
            RuleExample("""
                @MainActor @Observable
                final class ReaderViewModel {
                    enum Action { case ↓open(Int), load }
                    var route: Int? {
                        didSet { if let route { send(.open(route)) } }
                    }
                    func send(_ action: Action) {}
                }
                """, extraFiles: ["Tests/AppTests/ReaderViewModelTests.swift": """
                import Testing
                @Test func loads() { ReaderViewModel().send(.load) }
                """]),
        ],
        nonTriggering: [
            RuleExample("""
                @MainActor @Observable
                final class ReaderViewModel {
                    enum Action { case open(Int) }
                    var route: Int? {
                        didSet { if let route { send(.open(route)) } }
                    }
                    func send(_ action: Action) {}
                }
                """, extraFiles: ["Tests/AppTests/ReaderViewModelTests.swift": """
                import Testing
                @Test func aDeepLinkOpensTheStory() {
                    let reader = ReaderViewModel()
                    reader.route = 7
                }
                """]),
            RuleExample("""
                @MainActor @Observable
                final class EditorViewModel {
                    enum Action { case save }
                    enum ResponderAction { case closeEditor }
                    private let responder: Responder<ResponderAction>
                    init(responder: Responder<ResponderAction>) { self.responder = responder }
                    func send(_ action: Action) {
                        switch action {
                        case .save: responder.send(.closeEditor)
                        }
                    }
                }
                """, extraFiles: ["Sources/App/NotesViewModel.swift": """
                @MainActor @Observable
                final class NotesViewModel {
                    enum Action { case edit }
                    private(set) var editor: EditorViewModel?
                    func send(_ action: Action) {}
                }
                """, "Tests/AppTests/NotesFlowTests.swift": """
                import Testing
                @Test func savingClosesTheEditor() {
                    let notes = NotesViewModel()
                    notes.send(.edit)
                    notes.editor?.send(.save)
                    #expect(notes.editor == nil)
                }
                """]),
            RuleExample("""
                @MainActor @Observable
                final class DetailViewModel {
                    enum Action { case refresh }
                    func send(_ action: Action) {}
                }
                """, extraFiles: ["Tests/AppTests/HomeViewModelTests.swift": """
                import Testing
                @Test func theDetailRefreshes() {
                    let detail = HomeViewModel().makeDetailViewModel()
                    detail.send(.refresh)
                }
                """]),
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
                    let sut = LoginViewModel()
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
        // Tests count only for the project they belong to. Only their words are kept: a copy of
        // each test file's facts would grow with the files, beside every file's own.
        var testsByProject: [String: [CodeWords]] = [:]
        for file in project.files where file.isTestFile {
            testsByProject[project.index.project(of: file.path), default: []].append(file.testReferences)
        }
        guard !testsByProject.isEmpty else { return [] }
        let paths = ActionPaths(project)
        var found: [Diagnostic] = []
        for file in project.files where !file.isTestFile {
            guard let tests = testsByProject[project.index.project(of: file.path)] else { continue }
            func isTested(_ name: String, namingAnyOf owners: [String]) -> Bool {
                tests.contains { words in Self.mentions(words, name, namingAnyOf: owners) }
            }
            for enumCase in file.enumCases
            where RoleVocabulary.actionEnumNames.contains(enumCase.enumName)
                && project.index.has(.viewModel, enumCase.ownerType, in: file.path)
                && !paths.isDriven(enumCase.caseName, of: enumCase.ownerType, isTested: isTested) {
                found.append(project.report(
                    Self.description, path: file.path, line: enumCase.line, column: enumCase.column,
                    "\(enumCase.ownerType).\(enumCase.enumName).\(enumCase.caseName) is not referenced by any test of '\(enumCase.ownerType)'.",
                    hint: "Add a test that sends it, or that drives what sends it (the property or action whose code sends it)."
                ))
            }
            for requirement in file.requirements
            where project.index.has(.viewModelingProtocol, requirement.protocolName, in: file.path) {
                let owners = Self.owners(of: requirement)
                guard !isTested(requirement.functionName, namingAnyOf: owners) else { continue }
                found.append(project.report(
                    Self.description, path: file.path, line: requirement.line, column: requirement.column,
                    "\(requirement.protocolName).\(requirement.functionName)() is not called by any test of '\(owners[1])'.",
                    hint: "Add a test that calls it."
                ))
            }
        }
        return found
    }

    /// Whether a test file's `words` mention `name` beside one of `owners`. A case counts as
    /// tested only in a test file that also names its view model, so a case name another view
    /// model's tests use does not count; a child view model a test gets from its parent's
    /// factory (`makeDetailViewModel()`) is named by the factory.
    static func mentions(_ words: CodeWords, _ name: String, namingAnyOf owners: [String]) -> Bool {
        words.contains(name) && owners.contains { owner in ownerWords(owner).contains(where: words.contains) }
    }

    /// The words that name `owner` in a test: itself, or its factory.
    static func ownerWords(_ owner: String) -> [String] {
        let simple = owner.split(separator: ".").last.map(String.init) ?? owner
        return [owner, "make" + simple]
    }

    /// Tests name a view-modeling protocol or, usually, the view model that implements it.
    private static func owners(of requirement: RequirementFact) -> [String] {
        [requirement.protocolName, String(requirement.protocolName.dropLast("ing".count))]
    }
}

extension EveryActionTestedRule: TestWordReader {
    /// Every word ``mentions(_:_:namingAnyOf:)`` may look up for `files`: the action cases and
    /// protocol functions, and what names their owners, whatever their roles turn out to be.
    static func wordsAsked(in files: [FileFacts]) -> Set<String> {
        var asked: Set<String> = []
        func ask(_ name: String, namingAnyOf owners: [String]) {
            asked.insert(name)
            for owner in owners {
                asked.formUnion(ownerWords(owner))
            }
        }
        for file in files where !file.isTestFile {
            for enumCase in file.enumCases where RoleVocabulary.actionEnumNames.contains(enumCase.enumName) {
                ask(enumCase.caseName, namingAnyOf: [enumCase.ownerType])
            }
            for requirement in file.requirements {
                ask(requirement.functionName, namingAnyOf: owners(of: requirement))
            }
            // What sends an action, and the view models that hold or make another, name it too.
            for send in file.actionSends where !send.senderIsCase {
                asked.insert(send.sender)
            }
            for member in file.members {
                asked.formUnion(ownerWords(member.ownerType))
            }
        }
        return asked
    }
}
