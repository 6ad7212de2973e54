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
        let result = try await MVVMExecutable().run(["lint", "--no-cache", "--reporter", "xcode", "Sources"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let found = result.output.split(separator: "\n").filter { $0.hasSuffix("(no-repositories)") }
        #expect(found.count == 1 && found.first?.hasPrefix("Sources/Types.swift:1:17: warning: No repositories.") == true, "\(result.output)")
    }

    /// The text a file must hold for a rule to walk it is the pattern's longest run without
    /// wildcards, cut to 64 bytes, found in one pass over the pattern.
    @Test func theRequiredTextIsTheLongestFixedRunCut() {
        #expect(CompiledNamePattern.requiredText(of: "*Repository") == "Repository")
        #expect(CompiledNamePattern.requiredText(of: "URLSession.shared.dataTask") == "URLSession")
        #expect(CompiledNamePattern.requiredText(of: "ab*abc?abcd.x") == "abcd")
        #expect(CompiledNamePattern.requiredText(of: "*.shared") == "shared")
        #expect(CompiledNamePattern.requiredText(of: "**?") == "")
        #expect(CompiledNamePattern.requiredText(of: String(repeating: "a", count: 4_000) + "*") == String(repeating: "a", count: 64))
        #expect(CompiledNamePattern.requiredText(of: "*" + String(repeating: "é", count: 40)) == String(repeating: "é", count: 32))
    }

    /// 20 patterns of 4,000 letters and a star, on 100 files: finding each one's fixed text
    /// counted the characters again at each letter, and did so for every file (68 s before,
    /// debug build).
    @Test func longFixedRunsLintQuickly() async throws {
        var yaml = "custom-rules:\n  - id: no-repositories\n    message: No repositories.\n    forbid:\n      types:\n        - \"*Repository\"\n"
        for index in 0..<20 {
            yaml += "        - \"\(String(repeating: "a", count: 4_000))*\(index)\"\n"
        }
        var files = [".mvvm.yml": yaml, "Sources/Types.swift": "let repository: UserRepository? = nil\n"]
        for index in 0..<100 {
            files["Sources/File\(index).swift"] = "let value\(index): Int = \(index)\n"
        }
        let project = try temporaryProject(files)
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await MVVMExecutable().run(["lint", "--no-cache", "--reporter", "xcode", "Sources"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let found = result.output.split(separator: "\n").filter { $0.hasSuffix("(no-repositories)") }
        #expect(found.count == 1 && found.first?.hasPrefix("Sources/Types.swift:1:17:") == true, "\(result.output)")
    }

    /// A 4,000-character type name written 50 times, against patterns `A*a*a…*b1` it nearly
    /// matches: each reference ran every pattern's positions over the whole name (199 s before,
    /// debug build). Now a live star drops the positions before it, and a long name is matched
    /// once per file.
    @Test func longNamesWrittenOftenLintQuickly() async throws {
        var yaml = "custom-rules:\n  - id: no-long-names\n    message: No long names.\n    forbid:\n      types:\n"
        for index in [1, 2, 0] {
            yaml += "        - \"A\(Self.hostile(1_990))*b\(index)\"\n"
        }
        let name = "A" + String(repeating: "a", count: 3_998) + "b0"
        var source = "// b1 b2\nstruct \(name) {}\n"
        for index in 0..<50 {
            source += "let value\(index): \(name)? = nil\n"
        }
        let project = try temporaryProject([".mvvm.yml": yaml, "Sources/Long.swift": source])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await MVVMExecutable().run(["lint", "--no-cache", "--reporter", "xcode", "Sources"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let found = result.output.split(separator: "\n").filter { $0.hasSuffix("(no-long-names)") }
        #expect(found.count == 50 && found.first?.hasPrefix("Sources/Long.swift:3:13:") == true, "\(result.output.prefix(300))")
    }
}
