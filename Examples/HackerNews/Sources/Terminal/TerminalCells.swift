/// How many terminal cells text takes: East Asian wide characters and emoji take two, combining
/// marks and other zero-width characters none, everything else one. Real story titles hold all
/// three, and a line measured in Characters would overhang the screen and wrap, shifting every
/// line below it.
extension Character {
    /// The cells this character takes on a terminal.
    var terminalCells: Int {
        guard let first = unicodeScalars.first else { return 0 }
        // An emoji drawn as a picture: by default, or asked for with variation selector 16.
        if first.properties.isEmojiPresentation
            || (first.properties.isEmoji && unicodeScalars.contains("\u{FE0F}")) {
            return 2
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            return Self.isWide(first.value) ? 2 : 1
        }
    }

    /// Whether a code point is East Asian Wide or Fullwidth: Hangul, CJK, kana, fullwidth forms.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

extension StringProtocol {
    /// The cells this text takes on a terminal.
    var terminalCells: Int {
        reduce(0) { $0 + $1.terminalCells }
    }

    /// The longest start of this text that fits in `cells` terminal cells.
    func prefix(cells: Int) -> SubSequence {
        var used = 0
        var end = startIndex
        while end < endIndex {
            let next = used + self[end].terminalCells
            guard next <= cells else { break }
            used = next
            end = index(after: end)
        }
        return self[startIndex..<end]
    }
}
