/// What a fix pass did.
public struct FixReport: Sendable, Equatable {
    /// How many files changed.
    public var changedFiles: Int
    /// How many violations the changed files had.
    public var fixedViolations: Int
    /// The files with fixes that were left alone, and why.
    public var notFixed: [FileNotFixed]
    /// How many findings no rule offers a fix for (notices about files not counted).
    public var withoutFix = 0
    /// How many findings were left unfixed, by the one-line reason: a rule's
    /// (``Diagnostic/unfixedReason``), or what kept their file from being written.
    public var left: [String: Int] = [:]
    /// Whether nothing was written: ``changedFiles`` and ``fixedViolations`` count what a
    /// fix would change.
    public var isDryRun = false
    /// In a dry run, each file the fix would change, with its text now and after the fix,
    /// sorted by path; empty otherwise.
    public var changes: [FileChange] = []
    /// The reason each finding was left for, by the finding (``Diagnostic/leftKey``), so that
    /// the report after `--fix` says it even when the fix pass worked it out.
    var reasons: [String: String] = [:]

    /// A file with fixes that was left alone.
    public struct FileNotFixed: Sendable, Equatable {
        /// The file.
        public var path: String
        /// Why it was left alone.
        public var reason: NotFixed
    }

    /// Why a file with fixes was left alone.
    public enum NotFixed: Sendable, Equatable {
        /// It is not the text it was linted from.
        case changedSinceLinted
        /// It changed while the fix read it.
        case changedWhileFixed
        /// The fixed text would not parse.
        case wouldNotParse
        /// It is not a file the fixer may replace (the reason says why).
        case refused(String)
        /// Writing it failed (the reason says why).
        case writeFailed(String)
    }

}
