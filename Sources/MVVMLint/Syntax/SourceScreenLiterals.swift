/// How the screen steps over comments and string literals, whose brackets are text.
extension SourceScreen.Scanner {
    mutating func skipLineComment() {
        // Comments are a large share of many files: `memchr` finds their ends.
        let end = SourceScreen.firstOffset(of: UInt8(ascii: "\n"), in: bytes, from: index, to: bytes.count) ?? bytes.count
        // A lone carriage return also ends a line.
        index = SourceScreen.firstOffset(of: UInt8(ascii: "\r"), in: bytes, from: index, to: end) ?? end
    }

    /// Block comments nest in Swift.
    mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), next(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), next(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
    }

    /// Whether a string literal starts here: `"`, or `#`s followed by `"`.
    func startsString() -> Bool {
        var cursor = index
        while cursor < bytes.count && bytes[cursor] == UInt8(ascii: "#") {
            cursor += 1
        }
        return cursor < bytes.count && bytes[cursor] == UInt8(ascii: "\"")
    }

    /// Reads a string literal's opening delimiter, then its body.
    mutating func string() -> SourceScreen.Rejection? {
        var hashes = 0
        while bytes[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        let multiline = next(1) == UInt8(ascii: "\"") && next(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        return stringBody(hashes: hashes, multiline: multiline)
    }

    /// Skips a string's text up to its closing delimiter, or up to an interpolation, whose
    /// code is read as code (the closing parenthesis comes back here).
    mutating func stringBody(hashes: Int, multiline: Bool) -> SourceScreen.Rejection? {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(hashes, from: index + 1) {
                index += 1 + hashes
                if index < bytes.count && bytes[index] == UInt8(ascii: "(") {
                    let rejection = push(.interpolation(hashes: hashes, multiline: multiline), at: index)
                    index += 1
                    return rejection
                }
                // An escaped character, whatever it is.
                index += 1
            } else if byte == UInt8(ascii: "\"") && (!multiline || (next(1) == UInt8(ascii: "\"") && next(2) == UInt8(ascii: "\"")))
                && hashesFollow(hashes, from: index + (multiline ? 3 : 1)) {
                index += (multiline ? 3 : 1) + hashes
                return nil
            } else if !multiline && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")) {
                // An unterminated single-line string ends with its line.
                return nil
            } else {
                index += 1
            }
        }
        return nil
    }

    func hashesFollow(_ count: Int, from start: Int) -> Bool {
        guard start + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[start + offset] != UInt8(ascii: "#") {
            return false
        }
        return true
    }
}
