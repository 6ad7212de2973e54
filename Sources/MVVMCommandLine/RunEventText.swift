import Foundation
import MVVMLint

extension RunEvent {
    /// The event as `mvvm` prints it on standard error, ending in a newline. Paths and messages,
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

extension FixReport {
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
        // Reasons that differ only in the names they quote are one group: the findings' hints
        // name each one, and a line per property of an app would not be a summary.
        var grouped: [String: Int] = [:]
        for (reason, count) in left {
            grouped[Self.shape(of: reason), default: 0] += count
        }
        let reasons = grouped.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { "\($0.value): \(PrintableText.escaping($0.key))" }
        return "\(isDryRun ? "Would fix" : "Fixed") \(Self.counted(fixedViolations, "finding")) in \(Self.counted(changedFiles, "file")); "
            + "\(withoutFix) \(withoutFix == 1 ? "has" : "have") no fix; \(leftCount) left"
            + (reasons.isEmpty ? "" : " (" + reasons.joined(separator: "; ") + ")") + ".\n"
    }

    /// `reason` with each quoted name (`'provider'`) written `'…'`, each file (`A/B.swift:12,`)
    /// written `…`, and a place in parentheses at its end left out.
    static func shape(of reason: String) -> String {
        var shaped = ""
        var quoted = false
        for character in reason {
            if character == "'" {
                shaped += quoted ? "…'" : "'"
                quoted.toggle()
            } else if !quoted {
                shaped.append(character)
            }
        }
        // An apostrophe with no pair is text, not a quotation.
        if quoted { shaped = reason }
        if shaped.hasSuffix(")"), let open = shaped.lastIndex(of: "("), shaped[open...].contains(".swift") {
            shaped = String(shaped[..<open]).trimmingCharacters(in: .whitespaces)
        }
        return shaped.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.contains(".swift") ? ($0.hasSuffix(",") ? "…," : "…") : String($0) }
            .joined(separator: " ")
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
