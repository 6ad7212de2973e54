/// A line-by-line comparison of two renderings, marking lines only in the expected text with `-`
/// and lines only in the actual text with `+`, the way a unified diff does.
enum LineDiff {
    /// Above this many lines per side the diff falls back to listing both texts whole; the
    /// comparison is quadratic and a failure message has no use for more.
    static let maxLines = 400

    /// The two texts compared line by line, each line prefixed with `  `, `- ` or `+ `.
    static func render(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard old.count <= maxLines, new.count <= maxLines else {
            return (old.map { "- " + $0 } + new.map { "+ " + $0 }).joined(separator: "\n")
        }
        // Longest common subsequence table, filled from the end.
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append("  " + old[i])
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
                lines.append("- " + old[i])
                i += 1
            } else {
                lines.append("+ " + new[j])
                j += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
