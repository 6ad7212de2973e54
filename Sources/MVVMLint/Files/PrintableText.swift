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
        scalar.value == 0x0A ? !keepingNewlines : isHidden(scalar)
    }

    /// Whether `scalar` is a control character or one that changes or hides what is shown
    /// without being seen itself: C0, DEL, C1, line and paragraph separators, the bidirectional
    /// marks, embeddings, overrides and isolates (U+061C, U+200E–200F, U+202A–202E,
    /// U+2066–2069), zero-width characters (U+200B–200D, U+2060–2064, U+FEFF), interlinear
    /// annotation controls (U+FFF9–FFFB) and tag characters (U+E0000–E007F). Such a character
    /// in a file name can make a report say something other than what it holds (Trojan Source).
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069: true
        case 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F: true
        default: false
        }
    }

    /// JSON text with every hidden character (``isHidden(_:)``) above U+001F written as a
    /// `\uXXXX` escape (a surrogate pair above U+FFFF): the values decode the same, and the
    /// text shows what it holds. JSON outside strings holds none of these, so escaping every
    /// occurrence is exact; encoders already escape C0 controls in strings.
    public static func escapingHidden(inJSON json: String) -> String {
        let needsEscape = { (scalar: Unicode.Scalar) in scalar.value > 0x1F && isHidden(scalar) }
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return result
    }
}
