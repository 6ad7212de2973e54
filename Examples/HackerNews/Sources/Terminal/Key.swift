/// A key the reader responds to, decoded from the bytes a terminal sends in raw mode.
public enum Key: Equatable, Sendable {
    case up, down, left, right, enter, escape, backspace, tab, space
    /// Ctrl-C: in raw mode it arrives as a byte, not as a signal.
    case interrupt
    /// Ctrl-Z: in raw mode it arrives as a byte too, so the reader stops itself.
    case suspend
    /// A printable character.
    case character(Character)
    /// Bytes the reader has no use for (other escape sequences, control keys).
    case other

    /// The keys in one read from the terminal. A read holds whole escape sequences in practice,
    /// since the terminal writes each in one go.
    public static func keys(in bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x1B:
                guard index < bytes.count, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O") else {
                    keys.append(.escape)
                    continue
                }
                // CSI or SS3: parameters, then one final byte in @...~.
                index += 1
                var final: UInt8?
                while index < bytes.count {
                    let next = bytes[index]
                    index += 1
                    if (0x40...0x7E).contains(next) {
                        final = next
                        break
                    }
                }
                switch final {
                case UInt8(ascii: "A"): keys.append(.up)
                case UInt8(ascii: "B"): keys.append(.down)
                case UInt8(ascii: "C"): keys.append(.right)
                case UInt8(ascii: "D"): keys.append(.left)
                default: keys.append(.other)
                }
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x09: keys.append(.tab)
            case 0x03: keys.append(.interrupt)
            case 0x1A: keys.append(.suspend)
            case 0x20: keys.append(.space)
            case 0x21...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
            default: keys.append(.other)
            }
        }
        return keys
    }
}
