/// Text from the server made safe to print: a title, author, comment or link could otherwise
/// carry control characters that a terminal obeys (set its window title, clear the screen,
/// move the cursor to fake lines, reorder what follows with bidirectional overrides).
public enum ServerText {
    /// `text` with line breaks and tabs as spaces, and every other control character (C0, DEL,
    /// C1, which includes ESC and CSI), bidirectional control and invisible character (zero-width
    /// and tag characters) shown as `�`, so it is visible that something was there. With `keepingLineBreaks`, `\n`
    /// stays, for text that is wrapped into lines afterwards.
    public static func displayable(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingLineBreaks: result.append(scalar)
            case "\t", "\n", "\r": result.append(" ")
            case _ where isUnsafe(scalar): result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// JSON text from an encoder with each unsafe character escaped as `\uXXXX`: it decodes to
    /// the same values, and printed raw it changes nothing on a terminal. JSONEncoder already
    /// escapes C0 controls inside strings (outside them, line breaks and spaces are the
    /// layout); DEL, C1 and bidirectional controls it leaves as they are. Outside strings JSON
    /// holds none of those, so escaping every occurrence is exact.
    public static func escapingControls(inJSON json: String) -> String {
        let needsEscape = { (scalar: Unicode.Scalar) in scalar.value > 0x1F && isUnsafe(scalar) }
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            // Above U+FFFF (tag characters) JSON writes the UTF-16 surrogate pair.
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return result
    }

    /// Whether a terminal could act on `scalar` rather than show it, or show nothing for it.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Embeddings and overrides (LRE … RLO), isolates (LRI … PDI), and the marks LRM, RLM and
        // ALM: each reorders what follows.
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        // Line and paragraph separators break lines on some terminals.
        case 0x2028, 0x2029: true
        // Invisible: zero-width space and joiners, word joiner and invisible operators, the
        // byte-order mark, interlinear annotations and tag characters (which can hide text).
        case 0x200B...0x200D, 0x2060...0x2064, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F: true
        default: false
        }
    }
}
