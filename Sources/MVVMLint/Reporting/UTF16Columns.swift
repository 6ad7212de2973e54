/// Turns diagnostics' UTF-8 byte columns into UTF-16 code-unit columns, the unit SARIF declares
/// (and what editors built on UTF-16 strings count), reading each file's text once.
struct UTF16Columns {
    private var lineTables: [String: SourceText?] = [:]
    private let text: (String) -> String?

    init(text: @escaping (String) -> String?) {
        self.text = text
    }

    /// The UTF-16 column of `diagnostic`. Without the file's text, or past its end, the byte
    /// column stands: the two differ only when non-ASCII text comes before the finding.
    mutating func column(of diagnostic: Diagnostic) -> Int {
        if lineTables[diagnostic.path] == nil {
            lineTables[diagnostic.path] = .some(text(diagnostic.path).map(SourceText.init))
        }
        guard let table = lineTables[diagnostic.path] ?? nil else { return diagnostic.column }
        return table.utf16Column(line: diagnostic.line, column: diagnostic.column) ?? diagnostic.column
    }
}

extension SourceText {
    /// The UTF-16 column of a 1-based line and UTF-8 column, or `nil` if the file has no such line.
    func utf16Column(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let start = lineStarts[line - 1]
        let end = min(start + column - 1, bytes.count)
        guard start <= end else { return nil }
        // Columns sit at the start of a token, never inside a character, so the bytes before
        // one decode whole.
        return String(decoding: bytes[start..<end], as: UTF8.self).utf16.count + 1
    }
}
