import MVVMLint

extension SessionNote {
    /// The note as `mvvm` prints it on standard error, ending in a newline. Paths and messages,
    /// which come from files, have their control characters escaped.
    var text: String {
        switch self {
        case .fixed(let report):
            return report.text
        case .cacheNotSaved(let path, let reason):
            return "warning: could not write the cache \(PrintableText.escaping(path)) (\(reason)); the next run parses every file.\n"
        case .staleBaselineEntries(let path, let entries):
            let count = entries.count
            var text = "note: \(count) baseline entr\(count == 1 ? "y matches" : "ies match") nothing any more (fixed or moved); "
                + "run with --write-baseline \(PrintableText.escaping(path)) to drop \(count == 1 ? "it" : "them"):\n"
            for entry in entries {
                text += "  \(PrintableText.escaping(entry.path)): \(PrintableText.escaping(entry.message)) [\(PrintableText.escaping(entry.ruleID))]\n"
            }
            return text
        }
    }
}

extension ProjectSession.FixReport {
    /// One line per file left alone, then the count of what was fixed.
    var text: String {
        var text = ""
        for file in notFixed {
            let shown = PrintableText.escaping(file.path)
            switch file.reason {
            case .changedSinceLinted: text += "warning: \(shown) changed on disk since it was last linted; not fixed.\n"
            case .changedWhileFixed: text += "warning: \(shown) changed on disk while it was linted; not fixed.\n"
            case .wouldNotParse: text += "warning: fixing \(shown) would leave it unparsable; not fixed.\n"
            case .refused(let reason): text += "warning: \(shown) was not fixed: \(reason).\n"
            case .writeFailed(let reason): text += "warning: could not write \(shown) (\(reason)); not fixed.\n"
            }
        }
        return text + summary
    }

    /// `Fixed 12 findings in 3 files; 30 have no fix; 3 left (2: REASON; 1: REASON).` (`Would
    /// fix` in a dry run), the reasons most frequent first. A reason may hold commas, so the
    /// groups are set apart by semicolons.
    var summary: String {
        let leftCount = left.values.reduce(0, +)
        let reasons = left.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { "\($0.value): \(PrintableText.escaping($0.key))" }
        return "\(isDryRun ? "Would fix" : "Fixed") \(Self.counted(fixedViolations, "finding")) in \(Self.counted(changedFiles, "file")); "
            + "\(withoutFix) \(withoutFix == 1 ? "has" : "have") no fix; \(leftCount) left"
            + (reasons.isEmpty ? "" : " (" + reasons.joined(separator: "; ") + ")") + ".\n"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
