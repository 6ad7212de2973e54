/// What a lint run found: the engine's analysis of the files and, for a session's run, what
/// the fix pass, the cache and the baseline made of it.
public struct LintResult: Sendable {
    /// Every diagnostic, sorted by path, line, column and rule. A session's run has the
    /// baseline's known violations left out and the notices about files in.
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
    /// input order; they are not counted in ``fileCount``. A session's run reports them among
    /// ``diagnostics`` and leaves this empty.
    public var notices: [Diagnostic] = []
    /// The content hash of the text each file with a fixable finding was linted from, so that a
    /// fix pass can tell the file is still that text without keeping it.
    public var contentHashes: [String: UInt64] = [:]
    /// How many of the files came from the cache: their facts, or the stored findings of the
    /// whole run, reused rather than made again.
    public var filesFromCache = 0
    /// How many known violations the baseline hid.
    public var hiddenByBaseline = 0
    /// The baseline written, when the run was asked to record one (then nothing is to be
    /// reported).
    public var recordedBaseline: Baseline?
    /// What else happened in the run, in order: what the fix pass did, a cache that could not be
    /// written, a stale baseline.
    public var events: [RunEvent] = []
    /// How the project phase ran.
    var phase = ProjectPhase.whole

    /// How a run's project phase ran.
    enum ProjectPhase: Sendable, Equatable {
        /// Over every file.
        case whole
        /// Not at all: the findings are those the cache stored for the same files, settings and modules.
        case stored
        /// Over the files that changed since the stored run, each alone.
        case edited(files: Int)
    }

    /// Whether the findings are those the cache stored for the same files, settings and modules.
    var isStored: Bool { phase == .stored }
}

/// What happened in a run besides its findings: values the command line words, so the library
/// holds no sentences of a command line's.
public enum RunEvent: Sendable, Equatable {
    /// What a fix pass did.
    case fixed(FixReport)
    /// The cache at `path` could not be written (`reason`): the next run parses every file.
    case cacheNotSaved(path: String, reason: String)
    /// Entries of the baseline at `path` that match nothing any more (fixed or moved).
    case staleBaselineEntries(path: String, entries: [Baseline.Entry])
}

/// The former name of ``RunEvent``.
@available(*, deprecated, renamed: "RunEvent")
public typealias SessionNote = RunEvent
