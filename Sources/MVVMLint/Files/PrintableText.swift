/// Text from outside the tool (file names, list entries) made safe to print: a terminal must
/// never receive a control character the tool did not write itself.
public enum PrintableText {
    /// `text` with every control character (C0, DEL, C1), line and paragraph separator and
    /// bidirectional override written as a `\u{…}` escape; `keepingNewlines` leaves `\n` alone,
    /// for messages made of lines.
    public static func escaping(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingNewlines: keepingNewlines) }) else {
            return text
        }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingNewlines: keepingNewlines) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` could move the cursor, change the terminal's state or reorder what is
    /// shown around it.
    static func needsEscape(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !keepingNewlines
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
