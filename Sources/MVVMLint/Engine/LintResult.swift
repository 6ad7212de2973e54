/// What a lint run found.
public struct LintResult: Sendable {
    /// Every diagnostic, sorted by path, line, column and rule.
    public var diagnostics: [Diagnostic]
    /// How many files were linted.
    public var fileCount: Int
    /// Time spent in each phase of the engine and in each rule, when measured (summed over all
    /// workers).
    public var timings: [TimedWork: Duration]
    /// Every file's facts, for tools built on the same analysis (`mvvm graph`); empty when the
    /// linter was asked not to keep them (``Linter/keepsFacts``).
    public var facts: [FileFacts]
    /// Files given by path that could not be linted (unreadable, not UTF-8), one notice each, in
    /// input order; they are not counted in ``fileCount``.
    public var notices: [Diagnostic] = []
    /// The content hash of the text each file with a fixable finding was linted from, so that a
    /// fix pass can tell the file is still that text without keeping it.
    public var contentHashes: [String: UInt64] = [:]
    /// How many of the files came from the cache: their facts, or the stored findings of the
    /// whole run, reused rather than made again.
    public var filesFromCache = 0
    /// Whether the findings are those the cache stored for the same files, settings and modules.
    var isStored = false
}
