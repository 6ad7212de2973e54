/// Turns the small HTML subset the Hacker News API uses in comment and post text into plain text:
/// paragraphs (`<p>`) become blank lines, tags are dropped and character references decoded.
public enum PlainText {
    /// The plain text of `html`.
    public static func from(html: String) -> String {
        var output = ""
        var index = html.startIndex
        // The next `>` at or after `index`, found once and reused until passed: searching
        // afresh at every `<` would take quadratic time on a text of many `<` and few `>`.
        var nextClose: String.Index? = html.firstIndex(of: ">")
        while index < html.endIndex {
            let character = html[index]
            if let close = nextClose, close < index {
                nextClose = html[index...].firstIndex(of: ">")
            }
            if character == "<", let close = nextClose {
                let tag = html[html.index(after: index)..<close].lowercased()
                if tag == "p" || tag.hasPrefix("p ") {
                    output += "\n\n"
                } else if tag == "br" || tag == "br/" || tag == "br /" {
                    output += "\n"
                }
                index = html.index(after: close)
            } else if character == "&", let end = html[index...].prefix(10).firstIndex(of: ";"),
                      let decoded = decode(reference: html[html.index(after: index)..<end]) {
                output.append(decoded)
                index = html.index(after: end)
            } else {
                output.append(character)
                index = html.index(after: index)
            }
        }
        return output
    }

    /// `text` as HTML that ``from(html:)`` turns back into `text`.
    public static func escaped(_ text: String) -> String {
        var html = ""
        for character in text {
            switch character {
            case "&": html += "&amp;"
            case "<": html += "&lt;"
            case ">": html += "&gt;"
            default: html.append(character)
            }
        }
        return html
    }

    private static func decode(reference: Substring) -> Character? {
        switch reference {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default:
            // Numeric references: `&#39;` and `&#x27;`.
            guard reference.first == "#" else { return nil }
            let digits = reference.dropFirst()
            let value = digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16)
                : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
