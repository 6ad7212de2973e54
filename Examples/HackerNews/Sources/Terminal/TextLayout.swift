/// Word wrapping and cutting to a width counted in terminal cells (see `terminalCells`), so wide
/// characters and emoji never push a line past the screen's edge.
enum TextLayout {
    /// `text` wrapped at spaces into lines of at most `width` cells; a word wider than that is
    /// split. Paragraph breaks are kept as empty lines.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(2, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineCells = 0
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                var wordCells = word.terminalCells
                while wordCells > width {
                    if !line.isEmpty {
                        lines.append(line)
                        line = ""
                        lineCells = 0
                    }
                    let piece = word.prefix(cells: width)
                    lines.append(String(piece))
                    word = word[piece.endIndex...]
                    wordCells -= piece.terminalCells
                }
                if line.isEmpty {
                    line = String(word)
                    lineCells = wordCells
                } else if lineCells + 1 + wordCells <= width {
                    line += " " + word
                    lineCells += 1 + wordCells
                } else {
                    lines.append(line)
                    line = String(word)
                    lineCells = wordCells
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// `text` cut to `width` cells.
    static func fit(_ text: String, width: Int) -> String {
        String(text.prefix(cells: max(0, width)))
    }
}
