import MVVMLint

/// Where a `↓` marker of a rule example stands, and so where the rule must report: a 1-based
/// line and a 1-based UTF-8 column, as diagnostics count them.
public struct RuleExampleMarker: Hashable, Comparable, CustomStringConvertible, Sendable {
    /// The character that marks a place the rule must report.
    public static let character: Character = "↓"

    /// The line, from 1.
    public var line: Int
    /// The column in UTF-8 bytes, from 1.
    public var column: Int

    /// Creates a marker position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Where `diagnostic` points.
    public init(_ diagnostic: Diagnostic) {
        self.init(line: diagnostic.line, column: diagnostic.column)
    }

    /// The example's code without its markers, and where each marker stood in that code.
    public static func strip(_ code: String) -> (text: String, markers: [RuleExampleMarker]) {
        var text = ""
        var markers: [RuleExampleMarker] = []
        var line = 1
        var column = 1
        for character in code {
            if character == Self.character {
                markers.append(RuleExampleMarker(line: line, column: column))
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
        return (text, markers)
    }

    /// Orders markers by line, then column.
    public static func < (lhs: RuleExampleMarker, rhs: RuleExampleMarker) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
