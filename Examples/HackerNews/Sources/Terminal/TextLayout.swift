/// Word wrapping and cutting to a width counted in characters (which matches terminal cells for
/// the Latin text of the sample; wide characters may overhang).
enum TextLayout {
    /// `text` wrapped at spaces into lines of at most `width` characters; a word longer than the
    /// width is split. Paragraph breaks are kept as empty lines.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                while word.count > width {
                    if !line.isEmpty {
                        lines.append(line)
                        line = ""
                    }
                    lines.append(String(word.prefix(width)))
                    word = word.dropFirst(width)
                }
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// `text` cut to `width` characters.
    static func fit(_ text: String, width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width)))
    }
}
