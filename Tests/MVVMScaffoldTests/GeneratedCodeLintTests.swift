import MVVMLint
import MVVMScaffold
import Testing

/// What `mvvm new` writes passes `mvvm lint` under the matching preset, tests included (so
/// `every-action-tested` sees every action exercised).
struct GeneratedCodeLintTests {
    @Test(arguments: GoldenTests.variants)
    func generatedScreensLintClean(_ variant: GoldenTests.Variant) throws {
        let files = try ScreenScaffold(style: variant.style, dependencies: variant.dependencies)
            .files(name: ScreenName("Settings"), module: "App")
        let sources = files.map { file in
            SourceInput(path: (file.destination == .sources ? "Sources/App/" : "Tests/AppTests/") + file.name, text: file.contents)
        }
        var configuration = Configuration()
        configuration.preset = variant.style == .triad ? .triad : .responder
        configuration.tests = ["Tests"]
        let settings = configuration
        let result = Linter(jobs: 1, rules: .builtIn).lint(sources) { _ in settings }
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.path):\($0.line): \($0.message) [\($0.ruleID)]" })")
    }

    @Test func theLinterWouldNoticeAnUntestedAction() throws {
        // The check above is only meaningful if dropping the tests is noticed.
        let files = try ScreenScaffold(style: .responder).files(name: ScreenName("Settings"), module: "App")
        let sources = files.map { SourceInput(path: ($0.destination == .sources ? "Sources/App/" : "Tests/AppTests/") + $0.name, text: $0.contents) }
        var configuration = Configuration()
        configuration.preset = .responder
        let withoutTests = sources.filter { $0.path.hasPrefix("Sources") } + [SourceInput(path: "Tests/AppTests/Empty.swift", text: "import Testing\n")]
        let settings = configuration
        let result = Linter(jobs: 1, rules: .builtIn).lint(withoutTests) { _ in settings }
        #expect(Set(result.diagnostics.map(\.ruleID)) == ["every-action-tested"])
        #expect(result.diagnostics.count == 5)
    }
}
