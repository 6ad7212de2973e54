import MVVMLint

/// A repository protocol that no test implements: the view models that depend on it can only be
/// tested against the real thing.
public struct RepositoriesHaveTestDoublesRule: ProjectRule {
    static let suffixes = RuleOption(
        "suffixes", default: ["Repository"],
        summary: "The name endings of the protocols that need a test double."
    )

    public static let description = RuleDescription(
        id: "repositories-have-test-doubles",
        summary: "Every repository protocol has a test double: a type in a test file that conforms to it.",
        rationale: """
            View models take their repositories as protocols so that tests can hand them a stub. A \
            protocol nothing in the tests conforms to means its view models are untested or tested \
            against real storage (the team's testing guide).
            """,
        presets: .common,
        defaultSeverity: .warning,
        options: [suffixes],
        triggering: [
            RuleExample("protocol ↓BookRepository: Sendable {\n    func books() async throws -> [String]\n}"),
            // A conformance in app code does not count: it is the real implementation.
            RuleExample(
                "protocol ↓AuthorRepository {}\n\nstruct RemoteAuthorRepository: AuthorRepository {}",
                extraFiles: ["Tests/AppTests/AuthorTests.swift": "import Testing\n\n@Test func authors() {}\n"]
            ),
            RuleExample(
                "protocol ↓PriceClient {}",
                configuration: "rules:\n  repositories-have-test-doubles:\n    suffixes: [Repository, Client]\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "protocol BookRepository: Sendable {\n    func books() async throws -> [String]\n}",
                extraFiles: ["Tests/AppTests/StubBookRepository.swift": """
                    @testable import App

                    struct StubBookRepository: BookRepository {
                        func books() async throws -> [String] { ["Dune"] }
                    }
                    """]
            ),
            // A conformance added in an extension counts too.
            RuleExample(
                "protocol AuthorRepository {}",
                extraFiles: ["Tests/AppTests/Doubles.swift": "final class AuthorRecorder {}\n\nextension AuthorRecorder: AuthorRepository {}\n"]
            ),
            RuleExample("protocol PriceClient {}\n\nstruct BookRepository {}"),
        ]
    )

    public init() {}

    public func check(_ project: ProjectContext) -> [Diagnostic] {
        let doubled = Set(project.files.filter(\.isTestFile).flatMap { $0.types.flatMap(\.inherited) })
        var found: [Diagnostic] = []
        for file in project.files where !file.isTestFile {
            let suffixes = project.configuration(forFile: file.path).option(Self.suffixes, of: Self.description.id)
            for type in file.types where type.kind == .protocol && suffixes.contains(where: type.name.hasSuffix) && !doubled.contains(type.name) {
                found.append(project.report(
                    Self.description, path: file.path, line: type.line, column: type.column,
                    "No test conforms to '\(type.name)'.",
                    hint: "Add a stub or fake of it to the tests of the view models that use it."
                ))
            }
        }
        return found
    }
}
