import CommandTestSupport
import Foundation
import Testing

/// Rules written in Swift, added to the built-in ones by a team's executable
/// (`Tests/AddedRulesCommand`: a file rule `no-print-calls` with an option and a fix, and a
/// project rule `no-helper-types`), run through the same command line as `mvvm`.
struct AddedRulesCommandTests {
    func run(_ arguments: [String], in directory: URL) async throws -> CommandRun {
        try await BuiltCommand("mvvm-with-added-rules").run(arguments, in: directory)
    }


    static let source = """
        struct DateHelper {}

        func greet() {
            print("hello")
        }

        """

    /// The lines of the Xcode report that end with one of `ids`.
    func lines(of ids: [String], in output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { line in ids.contains { line.hasSuffix("(\($0))") } }
    }

    @Test func addedRulesReportWithTheirDefaultSeveritiesAndFailTheRun() async throws {
        let project = try temporaryProject(["Sources/App/Greeting.swift": Self.source])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "--reporter", "xcode", "--no-cache", "."], in: project)
        #expect(result.status == 1)
        #expect(lines(of: ["no-print-calls", "no-helper-types"], in: result.output) == [
            "Sources/App/Greeting.swift:1:8: error: 'DateHelper' says nothing about what it is. (no-helper-types)",
            "Sources/App/Greeting.swift:4:5: warning: 'print' is called. (no-print-calls)",
        ], "\(result.output)\(result.error)")
    }

    @Test func theConfigurationSetsSeverityOptionsAndSwitchesAddedRulesOff() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": "rules:\n  no-helper-types: off\n  no-print-calls:\n    severity: error\n    functions: [dump]\n",
            "Sources/App/Greeting.swift": Self.source + "func show() { dump(1) }\n",
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "--reporter", "xcode", "--no-cache", "."], in: project)
        #expect(result.status == 1)
        #expect(lines(of: ["no-print-calls", "no-helper-types"], in: result.output) == [
            "Sources/App/Greeting.swift:6:15: error: 'dump' is called. (no-print-calls)",
        ], "\(result.output)\(result.error)")
    }

    @Test func anAddedRulesIdIsKnownOnlyToTheToolThatAddsIt() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": "rules:\n  no-print-call: off\n",
            "Sources/App/Greeting.swift": Self.source,
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let misspelt = try await run(["lint", "."], in: project)
        #expect(misspelt.status == 2)
        #expect(misspelt.error.contains(".mvvm.yml:2:3: error: unknown rule id 'no-print-call'; did you mean 'no-print-calls'?"), "\(misspelt.error)")

        try "rules:\n  no-print-calls: off\n".write(to: project.appendingPathComponent(".mvvm.yml"), atomically: true, encoding: .utf8)
        #expect(try await run(["lint", "--reporter", "xcode", "."], in: project).status == 1)
        // A tool without the rule (plain `mvvm`) runs the others and says the id is another's.
        let builtInOnly = try await run(["--rule-set=built-in", "lint", "."], in: project)
        #expect(builtInOnly.status == 0, "\(builtInOnly.output)\(builtInOnly.error)")
        #expect(builtInOnly.error.contains("warning: .mvvm.yml sets rules mvvm-with-added-rules does not know ('no-print-calls'); it ran the others."), "\(builtInOnly.error)")
    }

    @Test func theToolNamedInTheConfigurationRunsEveryRuleAndOthersSayToRunIt() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": "tool: mvvm-with-added-rules\nrules:\n  no-print-calls:\n    severity: error\n",
            "Sources/App/Greeting.swift": """
                // mvvm:disable:next no-helper-types
                struct DateHelper {}

                func greet() {
                    print("hello")
                }

                """,
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let whole = try await run(["lint", "--reporter", "xcode", "--no-cache", "."], in: project)
        #expect(whole.status == 1)
        #expect(lines(of: ["no-print-calls", "no-helper-types", "invalid-suppression"], in: whole.output) == [
            "Sources/App/Greeting.swift:5:5: error: 'print' is called. (no-print-calls)",
        ], "\(whole.output)\(whole.error)")
        #expect(!whole.error.contains("note:"), "the named tool runs everything: \(whole.error)")

        // Plain `mvvm`: no stop at the id, no invalid suppression, and the command to run.
        let partial = try await BuiltCommand("mvvm").run(["lint", "--reporter", "xcode", "--no-cache", "."], in: project)
        #expect(partial.status == 0, "\(partial.output)\(partial.error)")
        #expect(!partial.output.contains("invalid-suppression"), "\(partial.output)")
        #expect(partial.error == "note: .mvvm.yml names 'mvvm-with-added-rules' as the tool that runs its whole rule set; mvvm ran the rules it knows, without 'no-print-calls'. To run them all: swift run mvvm-with-added-rules lint (or swift package mvvm-lint).\n")

        // The named tool still refuses a misspelt id of its own.
        try "tool: mvvm-with-added-rules\nrules:\n  no-print-call: off\n".write(to: project.appendingPathComponent(".mvvm.yml"), atomically: true, encoding: .utf8)
        let misspelt = try await run(["lint", "."], in: project)
        #expect(misspelt.status == 2)
        #expect(misspelt.error.contains(".mvvm.yml:3:3: error: unknown rule id 'no-print-call'; did you mean 'no-print-calls'?"), "\(misspelt.error)")
    }

    @Test func suppressionCommentsNameAddedRules() async throws {
        let project = try temporaryProject([
            "Sources/App/Greeting.swift": """
                // mvvm:disable:next no-helper-types
                struct DateHelper {}

                func greet() {
                    print("hello") // mvvm:disable:this no-print-calls
                }

                """,
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "--reporter", "xcode", "--no-cache", "."], in: project)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let builtInOnly = try await run(["--rule-set=built-in", "lint", "--reporter", "xcode", "--no-cache", "."], in: project)
        #expect(builtInOnly.output.contains("(invalid-suppression)"), "\(builtInOnly.output)")
    }

    @Test func everyReporterCarriesAddedRules() async throws {
        let project = try temporaryProject(["Sources/App/Greeting.swift": Self.source])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run([
            "lint", "--no-cache", "--reporter", "text:lint.txt", "--reporter", "xcode:lint.xcode", "--reporter", "json:lint.json",
            "--reporter", "github:lint.github", "--reporter", "sarif:lint.sarif", "--reporter", "junit:lint.xml", ".",
        ], in: project)
        #expect(result.status == 1, "\(result.error)")
        for name in ["lint.txt", "lint.xcode", "lint.json", "lint.github", "lint.sarif", "lint.xml"] {
            let report = try String(contentsOf: project.appendingPathComponent(name), encoding: .utf8)
            #expect(report.contains("no-print-calls") && report.contains("no-helper-types"), "\(name):\n\(report)")
        }
        // SARIF describes each rule once, with its summary, and points results at them.
        let sarif = try String(contentsOf: project.appendingPathComponent("lint.sarif"), encoding: .utf8)
        #expect(sarif.contains("No calls of print.") && sarif.contains("No types named Helper."))
    }

    @Test func theRuleListAndTheRuleBookShowAddedRules() async throws {
        let project = try temporaryProject(["Sources/App/Greeting.swift": Self.source])
        defer { try? FileManager.default.removeItem(at: project) }
        let list = try await run(["rules"], in: project)
        #expect(list.status == 0)
        let listed = list.output.split(separator: "\n").filter { $0.hasPrefix("no-print-calls ") || $0.hasPrefix("no-helper-types ") }
        #expect(listed.count == 2, "\(list.output)")
        let book = try await run(["rules", "--markdown"], in: project)
        #expect(book.output.contains("\n## no-print-calls\n\nNo calls of print.\n"))
        #expect(book.output.contains("- Option `functions`: The functions reported (default: print)."))
        #expect(book.output.contains("\n## no-helper-types\n"))
    }

    @Test func fixCorrectsWhatAnAddedRuleFound() async throws {
        let project = try temporaryProject(["Sources/App/Greeting.swift": Self.source])
        defer { try? FileManager.default.removeItem(at: project) }
        _ = try await run(["lint", "--fix", "--no-cache", "."], in: project)
        let fixed = try String(contentsOf: project.appendingPathComponent("Sources/App/Greeting.swift"), encoding: .utf8)
        #expect(fixed.contains("    debugPrint(\"hello\")\n"), "\(fixed)")
    }

    /// The cache is keyed by the rule set too: the same binary run with the built-in rules
    /// alone, then with its added rules, must not reuse facts the built-in run stored.
    @Test func factsCachedByTheBuiltInRulesAloneAreNotReusedWithAddedRules() async throws {
        let project = try temporaryProject(["Sources/App/Greeting.swift": Self.source])
        defer { try? FileManager.default.removeItem(at: project) }
        let builtInOnly = try await run(["--rule-set=built-in", "lint", "--reporter", "xcode", "."], in: project)
        #expect(lines(of: ["no-print-calls"], in: builtInOnly.output).isEmpty)
        let added = try await run(["lint", "--reporter", "xcode", "--timing", "."], in: project)
        #expect(lines(of: ["no-print-calls"], in: added.output).count == 1, "\(added.output)")
        #expect(added.error.contains("0 from the cache"), "\(added.error)")
        // The added rules' own facts are reused, findings included.
        let again = try await run(["lint", "--reporter", "xcode", "--timing", "."], in: project)
        #expect(lines(of: ["no-print-calls"], in: again.output).count == 1, "\(again.output)")
        #expect(again.error.contains("1 from the cache"), "\(again.error)")
    }

    @Test func aRuleTakingABuiltInIdStopsTheToolWithExitTwo() async throws {
        let project = try temporaryProject(["Sources/App/Greeting.swift": Self.source])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["--rule-set=clash", "lint", "."], in: project)
        #expect(result.status == 2)
        #expect(result.error == "mvvm: two rules have the id 'view-model-final'; every rule needs its own\n")
    }

    @Test func aConfigurationRuleTakingAnAddedRulesIdIsAnErrorAtItsLine() async throws {
        let project = try temporaryProject([
            ".mvvm.yml": """
                custom-rules:
                  - id: no-print-calls
                    message: No printing.
                    forbid:
                      calls: [print]
                layers:
                  - id: no-helper-types
                    modules: [App]
                    may-not-import: [Foundation]

                """,
            "Sources/App/Greeting.swift": Self.source,
        ])
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try await run(["lint", "."], in: project)
        #expect(result.status == 2)
        #expect(result.error.contains(".mvvm.yml:2:9: error: the custom rule id 'no-print-calls' is the id of a rule this tool adds in Swift; choose another"),
                "\(result.error)")
    }
}
