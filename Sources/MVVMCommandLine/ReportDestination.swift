import ArgumentParser
import MVVMLint

/// One `--reporter` value, `KIND` or `KIND:PATH`: a format and the file it is written to
/// (`nil`: standard output).
struct ReportDestination: Sendable {
    var kind: ReporterKind
    var path: String?

    /// The text report on standard output, when no `--reporter` is given.
    static let standard = ReportDestination(kind: .text, path: nil)

    /// The kinds, from the code, as the help and the errors list them.
    static var kinds: String {
        ReporterKind.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// `--reporter`'s help: the option, then each format with its own help.
    static var help: ArgumentHelp {
        ArgumentHelp(
            "Output format, optionally to a file: KIND or KIND:PATH, where KIND is one of \(kinds). Repeat for several (at most one without a file).",
            discussion: ReporterKind.allCases.map { "\($0.rawValue): \($0.help)." }.joined(separator: "\n"),
            valueName: "kind[:path]"
        )
    }
}

extension ReportDestination {
    /// Reads `KIND` or `KIND:PATH`; the argument parser adds the value and the option to the
    /// message of an error.
    init(parsing value: String) throws(ValidationError) {
        // Empty pieces kept: `json:` names an empty file, which is an error, not standard output.
        let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let name = parts.first, let kind = ReporterKind(rawValue: name) else {
            throw ValidationError("Unknown reporter '\(PrintableText.escaping(value))'; use one of \(Self.kinds), optionally as KIND:PATH.")
        }
        if parts.count == 2 && parts[1].isEmpty {
            throw ValidationError("Reporter '\(PrintableText.escaping(value))' names no file; write \(name):PATH.")
        }
        self.init(kind: kind, path: parts.count == 2 ? parts[1] : nil)
    }
}
