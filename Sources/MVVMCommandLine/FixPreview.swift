import MVVMLint

/// What `mvvm lint --fix --dry-run` prints on standard output: the diff of every file the fix
/// would change, and nothing else, so that `patch -p1` can apply it.
enum FixPreview {
    /// The usage error of `--dry-run` alone: previewing needs a fix to preview.
    static let needsFix = "--dry-run shows what --fix would change; use it with --fix (mvvm lint --fix --dry-run)."

    /// The unified diffs of the fix reports among `events`, file after file in path order.
    static func diff(of events: [RunEvent]) -> String {
        var text = ""
        for event in events {
            if case .fixed(let report) = event {
                for change in report.changes {
                    text += change.unifiedDiff
                }
            }
        }
        return text
    }
}
