/// A glob compiled once for matching many texts (paths, names). Its positions run as a bit set,
/// 64 to a machine word: one character of the text advances every live position at once, with
/// no recursion and no backtracking. Two bounds keep the work small:
/// - a text with fewer bytes than the pattern's literals and `?`s is refused unread, so a long
///   pattern costs nothing against the short paths and names it cannot match;
/// - a live star makes the live positions before it redundant (whatever they could still match,
///   the star can too): `**` all of them, `*` those after the last `/` or `**` before it. So
///   `**a**a…` or `*a*a…` keeps a few positions live instead of one per character read.
/// A match then costs the text's length times the live span of the pattern over 64. For paths,
/// ``FolderStates`` keeps where the run stands after a folder, so each entry below it costs only
/// its own name.
struct Glob: Sendable {
    /// The least number of characters a matching text has: the pattern's literals and `?`s.
    let minimumLength: Int
    /// Bit `count` of a state set: the whole pattern matched.
    private let count: Int
    /// Words in one set of positions (`0...count`).
    private let words: Int
    /// ``words``, for tests that bound the words a match reads.
    var wordsPerState: Int { words }
    /// Rows of `words` words, one bit per position: `?`, `*`, `**`, `*` or `**`, then one row
    /// per distinct literal character.
    private let masks: [UInt64]
    /// The row of each literal character (equal characters share one).
    private let rows: [Character: Int]
    /// The code of each ASCII byte (see ``codes(of:)``), for texts made only of such bytes.
    private let asciiCodes: [Int]
    /// For each star, the first position it makes redundant while live: 0 for `**`, the one
    /// after the last `/` or `**` before it for `*` (a position before those may read a `/`,
    /// which ends a `*`).
    private let covered: [Int]

    private static let oneRow = 0, starRow = 1, globstarRow = 2, loopRow = 3

    init(_ pattern: String) {
        self.init(tokens: GlobToken.compile(pattern))
    }

    init(tokens: [GlobToken]) {
        let words = tokens.count / 64 + 1
        var rows: [Character: Int] = [:]
        var masks = [UInt64](repeating: 0, count: 4 * words)
        var minimumLength = 0
        for (position, token) in tokens.enumerated() {
            let row: Int
            switch token {
            case .literal(let character):
                if let known = rows[character] {
                    row = known
                } else {
                    row = masks.count / words
                    rows[character] = row
                    masks += repeatElement(0, count: words)
                }
                minimumLength += 1
            case .oneCharacter:
                row = Self.oneRow
                minimumLength += 1
            case .star:
                row = Self.starRow
            case .globstar:
                row = Self.globstarRow
            }
            let bit: UInt64 = 1 << UInt64(position % 64)
            masks[row * words + position / 64] |= bit
            if token == .star || token == .globstar {
                masks[Self.loopRow * words + position / 64] |= bit
            }
        }
        // One more than the tokens, so that it is never empty.
        var covered = [Int](repeating: 0, count: tokens.count + 1)
        var afterBarrier = 0
        for (position, token) in tokens.enumerated() {
            switch token {
            case .globstar:
                covered[position] = 0
                afterBarrier = position + 1
            case .star:
                covered[position] = afterBarrier
            case .literal("/"):
                afterBarrier = position + 1
            default:
                break
            }
        }
        self.covered = covered
        count = tokens.count
        self.words = words
        self.masks = masks
        self.rows = rows
        self.minimumLength = minimumLength
        // A dictionary lookup compares characters as Swift does, so a literal that equals an
        // ASCII character (the Kelvin sign and `K`) serves that byte too.
        asciiCodes = (0..<128).map { byte in
            ((rows[Character(Unicode.Scalar(UInt8(byte)))] ?? -1) + 1) << 1 | (byte == Int(UInt8(ascii: "/")) ? 1 : 0)
        }
    }

    /// Whether the pattern matches all of `text`, or (with `orBelow`) a prefix of it that ends
    /// before a `/`.
    func matches(_ text: String, orBelow: Bool = false) -> Bool {
        var wordsRead = 0
        return matches(text, orBelow: orBelow, wordsRead: &wordsRead)
    }

    /// ``matches(_:orBelow:)``, adding to `wordsRead` the words of positions it read: the
    /// measure of its work that tests bound.
    func matches(_ text: String, orBelow: Bool, wordsRead: inout Int) -> Bool {
        // Every character takes at least one byte.
        guard text.utf8.count >= minimumLength else { return false }
        var progress = start
        switch advance(&progress, over: codes(of: text), orBelow: orBelow, wordsRead: &wordsRead) {
        case .matchedBelow: return true
        case .noneLive: return false
        case .read: return accepts(progress)
        }
    }

    /// Where a run stands partway through a text: its live positions, and the first and last
    /// word holding one.
    struct Progress: Sendable {
        fileprivate var states: [UInt64]
        fileprivate var low = 0, high = 0
    }

    /// How reading part of a text ended.
    enum Outcome {
        /// With `orBelow`, the pattern matched up to a `/`: it matches the text whatever follows.
        case matchedBelow
        /// No position is live: the pattern matches nothing that starts with the text.
        case noneLive
        /// All of it was read.
        case read
    }

    /// Before the first character: position 0, and past a leading star that matches nothing.
    var start: Progress {
        var states = [UInt64](repeating: 0, count: words)
        states[0] = 1 | (masks[Self.loopRow * words] & 1) << 1
        return Progress(states: states)
    }

    /// Whether the whole pattern matches what `progress` has read.
    func accepts(_ progress: Progress) -> Bool {
        progress.states[count / 64] & 1 << UInt64(count % 64) != 0
    }

    /// Each character of `text` as a run reads it: its literal row plus one, doubled, plus one
    /// for a `/` (which `?` and `*` do not match).
    func codes(of text: String) -> [Int] {
        let plainBytes = text.utf8.withContiguousStorageIfAvailable { bytes -> [Int]? in
            // "\r\n" is one character; any other ASCII byte is one on its own.
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
            return bytes.map { asciiCodes[Int($0)] }
        }
        if let codes = plainBytes ?? nil {
            return codes
        }
        return text.map { character in
            let row = character.utf8.count == 1 ? asciiCodes[Int(character.utf8.first!)] >> 1 - 1 : rows[character] ?? -1
            return (row + 1) << 1 | (character == "/" ? 1 : 0)
        }
    }

    /// Reads `codes` on from `progress`, through two sets of words, from the first to the last
    /// word with a bit: positions only move forward, by at most two a character.
    func advance(_ progress: inout Progress, over codes: [Int], orBelow: Bool, wordsRead: inout Int) -> Outcome {
        let words = words, count = count
        var low = progress.low, high = progress.high
        let outcome = masks.withUnsafeBufferPointer { masks in
            covered.withUnsafeBufferPointer { covered in
                progress.states.withUnsafeMutableBufferPointer { kept -> Outcome in
                    let masks = masks.baseAddress!, kept = kept.baseAddress!
                    let one = masks + Self.oneRow * words, star = masks + Self.starRow * words
                    let globstar = masks + Self.globstarRow * words, loop = masks + Self.loopRow * words
                    let scratch = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
                    defer { scratch.deallocate() }
                    scratch.initialize(repeating: 0, count: words)
                    var states = kept, next = scratch
                    defer { if states != kept { kept.update(from: states, count: words) } }
                    for code in codes {
                        let isSlash = code & 1 == 1
                        if orBelow, isSlash, states[count / 64] & 1 << UInt64(count % 64) != 0 { return .matchedBelow }
                        let literal = code < 2 ? nil : masks + (code >> 1 - 1) * words
                        var advanceCarry: UInt64 = 0, loopCarry: UInt64 = 0
                        var newLow = -1, newHigh = -1
                        let top = min(high + 1, words - 1)
                        wordsRead += top - low + 1
                        for word in low...top {
                            let live = states[word]
                            states[word] = 0
                            var advance: UInt64 = 0
                            if let literal { advance = live & literal[word] }
                            var stay = live & globstar[word]
                            if !isSlash {
                                advance |= live & one[word]
                                stay |= live & star[word]
                            }
                            var reached = advance << 1 | advanceCarry | stay
                            advanceCarry = advance >> 63
                            // A star may match nothing: the position after it is live too. Two
                            // stars are never next to each other (they are folded), so one step
                            // is the closure.
                            let loops = reached & loop[word]
                            reached |= loops << 1 | loopCarry
                            loopCarry = loops >> 63
                            next[word] = reached
                            if reached != 0 {
                                if newLow < 0 { newLow = word }
                                newHigh = word
                            }
                        }
                        swap(&states, &next)
                        guard newLow >= 0 else { return .noneLive }
                        high = newHigh
                        // Pruning pays only once the live positions span words.
                        low = high > newLow ? Self.dropRedundant(states, low: newLow, high: high, loop: loop, covered: covered.baseAddress!) : newLow
                    }
                    return .read
                }
            }
        }
        progress.low = low
        progress.high = high
        return outcome
    }

    /// Clears the positions a live star makes redundant, from the last live star down, and
    /// returns the first word still holding a bit. Each word is read at most twice.
    private static func dropRedundant(
        _ states: UnsafeMutablePointer<UInt64>, low: Int, high: Int, loop: UnsafePointer<UInt64>, covered: UnsafePointer<Int>
    ) -> Int {
        var word = high
        // Positions below `limit` are still to be looked at.
        var limit = high * 64 + 64
        while word >= low {
            let below = limit - word * 64
            let stars = states[word] & loop[word] & (below >= 64 ? ~0 : (1 << UInt64(below)) - 1)
            guard stars != 0 else {
                word -= 1
                continue
            }
            let star = word * 64 + 63 - stars.leadingZeroBitCount
            let first = covered[star]
            // Clears `first..<star`; words below `low` hold no bit already.
            var position = max(first, low * 64)
            while position < star {
                let offset = position % 64, width = min(64 - offset, star - position)
                states[position / 64] &= ~(width == 64 ? ~0 : ((1 << UInt64(width)) - 1) << UInt64(offset))
                position += width
            }
            guard first > 0 else { break }
            limit = first
            word = (first - 1) / 64
        }
        var first = low
        while first < high, states[first] == 0 { first += 1 }
        return first
    }
}

