extension ProjectSession {
    /// How many fix passes one `--fix` makes at most. A fix can make another possible (a view
    /// can be made generic over its view model's protocol only once the protocol exists), so
    /// `--fix` lints and fixes again until a pass changes nothing, and a second `--fix` finds
    /// nothing left to do.
    static let fixPassLimit = 4

    /// Fixes `result`'s findings, then, while a pass changed files, lints them again into
    /// `discovery` and `result` and fixes what the changes made fixable. A dry run makes one
    /// pass: it writes nothing for a second to start from. The report adds up the passes; what
    /// is left (``FixReport/withoutFix``, ``FixReport/left``) is the last pass's.
    func fixPasses(_ discovery: inout FileDiscovery, _ result: inout LintResult, with linter: Linter, dryRun: Bool) -> FixReport {
        var total: FixReport?
        for _ in 0..<Self.fixPassLimit {
            let report = fix(result.diagnostics, contentHashes: result.contentHashes, linted: discovery.found, dryRun: dryRun)
            if total == nil {
                total = report
            } else {
                total?.addPass(report)
            }
            guard report.changedFiles > 0 && !dryRun else { break }
            // Report what is left, from the files as they are now.
            discovery = discover(again: true)
            result = analyze(discovery, with: linter)
        }
        let report = total ?? FixReport(changedFiles: 0, fixedViolations: 0, notFixed: [], isDryRun: dryRun)
        // A fix worked out in the fix pass left its finding there: the report says why as well.
        if !report.reasons.isEmpty {
            result.diagnostics = result.diagnostics.map { diagnostic in
                guard diagnostic.unfixedReason == nil, let reason = report.reasons[diagnostic.leftKey] else { return diagnostic }
                var left = diagnostic
                left.leave(because: reason)
                return left
            }
        }
        return report
    }
}

extension Diagnostic {
    /// What tells a finding from the others of a run: its place, rule and message.
    var leftKey: String {
        "\(path)\u{0}\(line)\u{0}\(column)\u{0}\(ruleID)\u{0}\(message)"
    }
}

extension FixReport {
    /// Adds a later pass's report: what it changed and fixed adds up, what it left replaces.
    mutating func addPass(_ later: Self) {
        changedFiles += later.changedFiles
        fixedViolations += later.fixedViolations
        notFixed += later.notFixed
        withoutFix = later.withoutFix
        left = later.left
        reasons = later.reasons
        changes += later.changes
    }
}
