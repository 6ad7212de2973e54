/// A Markdown table, as the rule book writes its tables: a header row, the `|---|` row, then
/// one row per entry.
struct MarkdownTable {
    /// The column titles.
    var header: [String]
    /// The cells of each row, in the header's order, written as they are: free text goes
    /// through ``cell(_:)`` first.
    var rows: [[String]] = []

    /// The table's lines, each ending in a newline.
    var text: String {
        var out = "| " + header.joined(separator: " | ") + " |\n"
        out += "|" + String(repeating: "---|", count: header.count) + "\n"
        for row in rows {
            out += "| " + row.joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// Free text as one cell: a `|` in it would end the cell, so it is escaped.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
