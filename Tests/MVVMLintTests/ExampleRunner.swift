import MVVMLint
import Testing

/// Lints a rule's example as a small project with only that rule switched on.
struct ExampleRunner {
    static let marker: Character = "↓"

    let rule: RuleDescription

    /// The code without markers, and the 1-based line and UTF-8 column of each marker.
    static func strip(_ code: String) -> (String, [Position]) {
        var text = ""
        var positions: [Position] = []
        var line = 1
        var column = 1
        for character in code {
            if character == marker {
                positions.append(Position(line: line, column: column))
                continue
            }
            text.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        return (text, positions)
    }

    func configuration(for example: RuleExample) throws -> Configuration {
        var base = Configuration()
        base.preset = rule.presets.contains(.triad) ? .triad : .responder
        for other in RuleSet.builtIn.descriptions {
            base.rules[other.id] = RuleSetting(enabled: other.id == rule.id)
        }
        guard let yaml = example.configuration else { return base }
        return try ConfigurationLoader(rules: .builtIn).parse(yaml, path: "example.mvvm.yml", over: base)
    }

    /// Diagnostics of the example's rule in its main file, as positions; the main file's text may be rewritten first.
    func positions(of example: RuleExample, mainText: String) throws -> [Position] {
        try diagnostics(of: example, mainText: mainText).map { Position(line: $0.line, column: $0.column) }
    }

    /// Diagnostics of the example's rule in its main file.
    func diagnostics(of example: RuleExample, mainText: String) throws -> [Diagnostic] {
        let configuration = try configuration(for: example)
        var sources = [SourceInput(path: example.path, text: mainText)]
        for (path, text) in example.extraFiles.sorted(by: { $0.key < $1.key }) {
            sources.append(SourceInput(path: path, text: text))
        }
        let result = Linter(jobs: 1).lint(sources, configuration: { _ in configuration })
        return result.diagnostics.filter { $0.ruleID == rule.id && $0.path == example.path }
    }
}

struct Position: Hashable, Comparable, CustomStringConvertible {
    let line: Int
    let column: Int

    static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    var description: String { "\(line):\(column)" }
}

extension RuleDescription: CustomTestStringConvertible {
    public var testDescription: String { id }
}
