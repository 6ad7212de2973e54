/// The lines two texts differ by, found with Myers' algorithm, written as a unified diff.
///
/// Lines are compared by their bytes: Swift's `String` equality would take two spellings of an
/// accented letter for one and hide the change.
struct UnifiedDiff {
    /// What a line of the diff does.
    enum Step: Equatable {
        case same, removed, added
    }

    /// Lines of context around each change, as `diff -u` gives.
    static let context = 3
    /// The most differing lines the search looks through: its memory grows with their square.
    /// Past it, the part between the common beginning and end is shown as removed and added in
    /// full, which is still a diff that applies.
    static let searchLimit = 1_000

    private let oldText: [UInt8]
    private let newText: [UInt8]
    /// Each line's byte range, its line break included.
    private let oldLines: [Range<Int>]
    private let newLines: [Range<Int>]
    /// One step per line of the diff, in order.
    let steps: [Step]

    /// The differences from `old` to `new`.
    init(old: String, new: String) {
        let oldBytes = Array(old.utf8), newBytes = Array(new.utf8)
        let oldRanges = Self.lines(of: oldBytes), newRanges = Self.lines(of: newBytes)
        // Each distinct line becomes a number, so the search compares integers.
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        func number(_ line: ArraySlice<UInt8>) -> Int {
            if let known = numbers[line] { return known }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        let oldNumbers = oldRanges.map { number(oldBytes[$0]) }
        let newNumbers = newRanges.map { number(newBytes[$0]) }
        oldText = oldBytes
        newText = newBytes
        oldLines = oldRanges
        newLines = newRanges
        steps = Self.steps(from: oldNumbers, to: newNumbers)
    }

    /// The byte ranges of the lines of `text`; the last has no line break when the text does not
    /// end in one.
    static func lines(of text: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        for (index, byte) in text.enumerated() where byte == UInt8(ascii: "\n") {
            lines.append(start..<(index + 1))
            start = index + 1
        }
        if start < text.count {
            lines.append(start..<text.count)
        }
        return lines
    }

    /// The shortest steps from `a` to `b`; the common beginning and end are taken off first,
    /// since a fix changes a few lines of a long file.
    static func steps(from a: [Int], to b: [Int]) -> [Step] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let x = Array(a[prefix..<(a.count - suffix)]), y = Array(b[prefix..<(b.count - suffix)])
        let middle = search(x, y) ?? Array(repeating: .removed, count: x.count) + Array(repeating: .added, count: y.count)
        return Array(repeating: .same, count: prefix) + middle + Array(repeating: .same, count: suffix)
    }

    /// Myers' greedy search for the fewest removed and added lines, or `nil` when there are more
    /// than ``searchLimit``.
    private static func search(_ a: [Int], _ b: [Int]) -> [Step]? {
        let n = a.count, m = b.count
        let limit = min(n + m, searchLimit)
        let offset = limit + 1
        // The furthest line of `a` reached on each diagonal k (= x - y), at index k + offset.
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // Before each round d, diagonals -d...d of `v`: enough to walk back along the path.
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    return backtrack(trace, n: n, m: m)
                }
            }
        }
        return nil
    }

    private static func backtrack(_ trace: [[Int]], n: Int, m: Int) -> [Step] {
        var reversed: [Step] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previous = k == -d || (k != d && v[k - 1 + d] < v[k + 1 + d]) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[previous + d]
            let previousY = previousX - previous
            while x > previousX && y > previousY {
                reversed.append(.same)
                x -= 1
                y -= 1
            }
            if d > 0 {
                reversed.append(x == previousX ? .added : .removed)
            }
            x = previousX
            y = previousY
        }
        return reversed.reversed()
    }

    /// The diff with `--- a/PATH` and `+++ b/PATH` headers, or nothing when the texts are equal.
    /// With `byteOrderMark`, both texts follow one in the file: the first line carries it, as
    /// `patch` reads the file.
    func text(path: String, byteOrderMark: Bool = false) -> String {
        let changed = steps.indices.filter { steps[$0] != .same }
        guard let first = changed.first else { return "" }
        let shown = PrintableText.escaping(path)
        // A tab ends a path with spaces in it, as `git diff` writes one, so `patch` takes it whole.
        let end = shown.contains(" ") ? "\t" : ""
        var out = "--- a/\(shown)\(end)\n+++ b/\(shown)\(end)\n"
        let mark = byteOrderMark ? "\u{FEFF}" : ""
        // Where each step starts in the old and the new lines.
        var oldAt: [Int] = [], newAt: [Int] = []
        var oldLine = 0, newLine = 0
        for step in steps {
            oldAt.append(oldLine)
            newAt.append(newLine)
            if step != .added { oldLine += 1 }
            if step != .removed { newLine += 1 }
        }
        oldAt.append(oldLine)
        newAt.append(newLine)
        var hunkFirst = first, hunkLast = first
        for index in changed.dropFirst() {
            // Changes whose contexts would touch share a hunk, as in `diff -u`.
            if index - hunkLast - 1 > 2 * Self.context {
                out += hunk(hunkFirst, hunkLast, oldAt: oldAt, newAt: newAt, mark: mark)
                hunkFirst = index
            }
            hunkLast = index
        }
        return out + hunk(hunkFirst, hunkLast, oldAt: oldAt, newAt: newAt, mark: mark)
    }

    /// One hunk; `mark` goes in front of each text's first line.
    private func hunk(_ first: Int, _ last: Int, oldAt: [Int], newAt: [Int], mark: String) -> String {
        let start = max(0, first - Self.context), end = min(steps.count, last + 1 + Self.context)
        var out = "@@ -\(Self.range(oldAt[start], oldAt[end] - oldAt[start])) +\(Self.range(newAt[start], newAt[end] - newAt[start])) @@\n"
        for index in start..<end {
            switch steps[index] {
            case .same: out += line(" " + (oldAt[index] == 0 ? mark : ""), oldText[oldLines[oldAt[index]]])
            case .removed: out += line("-" + (oldAt[index] == 0 ? mark : ""), oldText[oldLines[oldAt[index]]])
            case .added: out += line("+" + (newAt[index] == 0 ? mark : ""), newText[newLines[newAt[index]]])
            }
        }
        return out
    }

    /// `diff -u`'s range: the first line and the count, the count left out when it is 1, and
    /// the line before the range when it is empty.
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(start),0"
        case 1: "\(start + 1)"
        default: "\(start + 1),\(count)"
        }
    }

    /// One line of a hunk: `marker`, the line with its control characters escaped, and the
    /// mark of a last line without a line break.
    private func line(_ marker: String, _ bytes: ArraySlice<UInt8>) -> String {
        let endsLine = bytes.last == UInt8(ascii: "\n")
        let body = String(decoding: endsLine ? bytes.dropLast() : bytes, as: UTF8.self)
        var shown = ""
        let scalars = Array(body.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            // A tab moves nothing it should not, and a CRLF file's carriage returns must reach
            // `patch` as they are; any other one would let the file's text steer the terminal.
            let kept = scalar == "\t" || (scalar == "\r" && index == scalars.count - 1 && endsLine)
            if !kept && PrintableText.isHidden(scalar) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return marker + shown + (endsLine ? "\n" : "\n\\ No newline at end of file\n")
    }
}
