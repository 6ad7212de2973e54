import CommandTestSupport
import Foundation
@testable import MVVMLint
import Testing

/// Custom-rule patterns cost time bounded by the names they are matched with, not by their own
/// length: `*a*a…a` patterns near the length limit had made a lint of a few files take minutes.
struct PatternCostTests {
    /// `*a*a…a` with `count` a's.
    static func hostile(_ count: Int) -> String {
        String(repeating: "*a", count: count)
    }

    @Test func compiledPatternsMatchAsTheGlobDoes() {
        let cases: [(String, String, Bool)] = [
            ("*Repository", "UserRepository", true), ("*Repository", "Repo", false), ("URLSession", "URLSession", true),
            ("U?L*", "URLSession", true), ("U?L*", "UL", false), ("*a*a*a", "banana", true), ("*a*a*a*a", "banana", false),
            (Self.hostile(2_000), "aaaa", false), ("**", "", true), ("*", "", true), ("?", "", false),
        ]
        for (pattern, name, expected) in cases {
            #expect(CompiledNamePattern(pattern).matches(name) == expected, "\(pattern.prefix(20)) \(name)")
            #expect(NamePattern.matches(name, pattern: pattern) == expected, "\(pattern.prefix(20)) \(name)")
        }
    }

    @Test func twoHundredLongPatternsLintQuickly() async throws {
        var yaml = "custom-rules:\n  - id: no-repositories\n    message: No repositories.\n    forbid:\n      types:\n        - \"*Repository\"\n"
        for _ in 0..<200 {
            yaml += "        - \"\(Self.hostile(1_990))\"\n"
        }
        var source = "let repository: UserRepository? = nil\n"
        for index in 0..<300 {
            source += "let value\(index): Banana\(index) = Banana\(index)(a: .aaaaaaaaaaaa, b: Caravan.alabama)\n"
        }
        let project = try temporaryProject([".mvvm.yml": yaml, "Sources/Types.swift": source])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await LintCommandTests().run(["lint", "--no-cache", "--reporter", "xcode", "Sources"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let found = result.output.split(separator: "\n").filter { $0.hasSuffix("(no-repositories)") }
        #expect(found.count == 1 && found.first?.hasPrefix("Sources/Types.swift:1:17: warning: No repositories.") == true, "\(result.output)")
    }
}
