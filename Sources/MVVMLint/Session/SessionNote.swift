/// What a session has to say besides its findings: values the command line words, so the
/// library holds no sentences of a command line's.
public enum SessionNote: Sendable, Equatable {
    /// What a fix pass did.
    case fixed(ProjectSession.FixReport)
    /// The cache at `path` could not be written (`reason`): the next run parses every file.
    case cacheNotSaved(path: String, reason: String)
    /// Entries of the baseline at `path` that match nothing any more (fixed or moved).
    case staleBaselineEntries(path: String, entries: [Baseline.Entry])
}
