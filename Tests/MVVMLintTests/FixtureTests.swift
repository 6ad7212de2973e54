import CommandTestSupport
import Foundation
import MVVMLint
import Testing

/// Runs the real CLI over `Fixtures/` and compares every diagnostic with `Fixtures/expected.txt`.
struct FixtureTests {
    static let fixtures = MVVMExecutable.packageRoot.appendingPathComponent("Fixtures")

    struct Entry: Decodable {
        let path: String
        let line: Int
        let column: Int
        let ruleID: String
    }

    static func expectedLines() throws -> [String] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("expected.txt"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    @Test func theFixturesProduceExactlyTheExpectedDiagnostics() async throws {
        let result = try await MVVMExecutable().run(["lint", "Fixtures", "--reporter", "json"])
        #expect(result.status == 1, "\(result.error)")
        let entries = try JSONDecoder().decode([Entry].self, from: Data(result.output.utf8))
        let actual = entries.map { "\($0.path):\($0.line):\($0.column):\($0.ruleID)" }
        let expected = try Self.expectedLines()
        #expect(actual == expected, """
            missing: \(expected.filter { !actual.contains($0) })
            unexpected: \(actual.filter { !expected.contains($0) })
            """)
    }

    @Test func theFixturesBreakEveryRule() throws {
        let broken = Set(try Self.expectedLines().compactMap { $0.split(separator: ":").last.map(String.init) })
        let unbroken = RuleSet.builtIn.ids.subtracting(broken)
        #expect(unbroken.isEmpty, "no fixture breaks \(unbroken.sorted())")
    }
}
