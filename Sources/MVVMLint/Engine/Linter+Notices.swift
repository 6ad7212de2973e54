import SwiftSyntax

/// What the linter says of a file instead of its rules' findings: that it is a test file, that it
/// is too complex to read, or that it does not parse.
extension Linter {
    /// Whether a file counts as a test: it imports a test framework or lies under `tests:`.
    static func isTestFile(_ path: String, imports: [String], configuration: Configuration) -> Bool {
        if imports.contains("XCTest") || imports.contains("Testing") {
            return true
        }
        let relative = PathMatcher.relative(path, to: configuration.rootDirectory)
        return configuration.tests.contains { PathMatcher.matches(relative, pattern: $0) }
    }

    /// The facts of a file the linter does not parse: its notice, and (for a test file) the
    /// words it mentions, which need no tree.
    static func tooComplexFacts(
        _ path: String, text: SourceText, configuration: Configuration, offset: Int, reason: String
    ) -> FileFacts {
        let isTestFile = isTestFile(path, imports: [], configuration: configuration)
        var facts = FileFacts(path: path, isTestFile: isTestFile)
        if isTestFile {
            facts.testReferences = text.codeWords()
        }
        let location = text.location(of: AbsolutePosition(utf8Offset: offset))
        facts.notices = [Diagnostic(
            path: path, line: location.line, column: location.column, ruleID: Notice.tooComplex.rawValue,
            severity: .warning, message: "The file \(reason), more than the linter reads; its rules were skipped.",
            hint: "Split the expression or declaration into smaller ones."
        )]
        return facts
    }

    static func parseErrorNotice(_ tree: SourceFileSyntax, source: SourceText, path: String) -> Diagnostic {
        let first = SyntaxErrorSummary(tree)
        let location = source.location(of: first.position)
        return Diagnostic(
            path: path, line: location.line, column: location.column, ruleID: Notice.parseError.rawValue, severity: .warning,
            message: "The file does not parse (\(first.message)); its rules were skipped.",
            hint: "Fix the syntax error; the compiler reports it too."
        )
    }
}
