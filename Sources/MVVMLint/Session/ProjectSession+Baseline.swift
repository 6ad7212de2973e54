import Foundation

// A session's baselines: hiding the findings a baseline file records, and recording them.
extension ProjectSession {
    /// What applying a baseline left.
    public struct BaselineOutcome: Sendable {
        /// The diagnostics the baseline does not record.
        public var new: [Diagnostic]
        /// How many diagnostics the baseline hid.
        public var hidden: Int
        /// The baseline's entries that match nothing any more.
        public var stale: [Baseline.Entry]
    }

    /// Hides the diagnostics the baseline file at `path` records; fails with the baseline's
    /// own message when it cannot be read.
    public func applyBaseline(at path: String, to diagnostics: [Diagnostic]) throws(Failure) -> BaselineOutcome {
        let known: Baseline
        do {
            known = try Baseline.load(path: path)
        } catch {
            throw Failure(message: error.description)
        }
        // Version 1 kept paths relative to the baseline file's folder.
        let applied = known.apply(to: diagnostics, relativeTo: known.version == 1 ? Self.folder(of: path) : projectRoot)
        return BaselineOutcome(new: applied.new, hidden: applied.covered, stale: applied.stale)
    }

    /// Records `diagnostics` in a baseline file at `path`, paths relative to the project root;
    /// returns the baseline written.
    public func writeBaseline(_ diagnostics: [Diagnostic], to path: String) throws(Failure) -> Baseline {
        let recorded = Baseline(diagnostics, relativeTo: projectRoot)
        do {
            try recorded.write(to: path, project: projectRoot)
        } catch {
            throw Failure(message: error.description)
        }
        return recorded
    }
}
