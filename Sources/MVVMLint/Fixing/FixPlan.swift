/// Which findings' fixes a fix pass applies, and so which edits each file gets: a finding's
/// fix is applied whole, in every file it touches, or not at all.
///
/// Findings are taken in report order. One whose edits overlap, in any file, the edits of a
/// finding taken before it is left whole (``overlapReason``) rather than applied in part, and a
/// finding dropped later (its file changed, would not parse, could not be written) takes its
/// edits out of every file.
struct FixPlan {
    /// A finding with a fix.
    struct Entry {
        /// The finding.
        let diagnostic: Diagnostic
        /// Its edits by path, each file's sorted with duplicates dropped.
        let edits: [String: [TextEdit]]
        /// Whether it is still to be applied.
        var isApplied = true

        /// Whether its fix spans files.
        var spansFiles: Bool { edits.count > 1 }
    }

    /// Why a finding whose edits overlap an earlier finding's is left.
    static let overlapReason = "its fix overlaps another finding's fix"

    /// Every finding with a fix, in report order.
    private(set) var entries: [Entry]
    /// The findings left because their edits overlap an earlier finding's.
    private(set) var overlapping: [Diagnostic] = []

    /// The plan for `diagnostics`; those without a fix are ignored.
    init(_ diagnostics: [Diagnostic]) {
        entries = []
        var taken: [String: [TextEdit]] = [:]
        for diagnostic in diagnostics.sorted() {
            let edits = diagnostic.fixByPath.mapValues { Array(Set($0)).sorted() }
            guard !edits.isEmpty else { continue }
            let clashes = edits.contains { path, edits in
                edits.contains { edit in taken[path, default: []].contains { Self.overlap(edit, $0) } }
            }
            if clashes {
                overlapping.append(diagnostic)
                continue
            }
            for (path, fileEdits) in edits {
                taken[path, default: []] += fileEdits
            }
            entries.append(Entry(diagnostic: diagnostic, edits: edits))
        }
    }

    /// Whether two edits of one file cannot both be applied: their ranges share a byte, or one
    /// inserts inside the other's range. Insertions at one offset, and an edit met twice, can.
    static func overlap(_ one: TextEdit, _ other: TextEdit) -> Bool {
        guard one != other else { return false }
        let (first, second) = one < other ? (one, other) : (other, one)
        return second.offset < first.offset + first.length
    }

    /// The files the applied findings change, sorted.
    var paths: [String] {
        Set(entries.filter(\.isApplied).flatMap(\.edits.keys)).sorted()
    }

    /// The positions in ``entries`` of the applied findings that change `path`.
    func applied(touching path: String) -> [Int] {
        entries.indices.filter { entries[$0].isApplied && entries[$0].edits[path] != nil }
    }

    /// The edits of the applied findings in `path`.
    func edits(in path: String) -> [TextEdit] {
        applied(touching: path).flatMap { entries[$0].edits[path] ?? [] }
    }

    /// Whether an applied finding that changes `path` also changes another file.
    func spansFiles(_ path: String) -> Bool {
        applied(touching: path).contains { entries[$0].spansFiles }
    }

    /// Drops the applied findings that change `path` (those `isDropped` says of), from every
    /// file, and returns them.
    mutating func drop(touching path: String, where isDropped: (Entry) -> Bool = { _ in true }) -> [Entry] {
        let dropped = applied(touching: path).filter { isDropped(entries[$0]) }
        for index in dropped {
            entries[index].isApplied = false
        }
        return dropped.map { entries[$0] }
    }

    /// The findings still applied.
    var appliedCount: Int {
        entries.filter(\.isApplied).count
    }
}
