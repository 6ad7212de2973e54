/// How much a violation matters. Errors fail a run; warnings fail it only with `--strict`.
public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    /// Reported, fails the run only in strict mode.
    case warning
    /// Reported and fails the run.
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// One place where the code leaves the architecture.
public struct Diagnostic: Hashable, Codable, Sendable, Comparable {
    /// The file, as given on the command line or found under a given folder.
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in UTF-8 bytes, as compilers count.
    public var column: Int
    /// The id of the rule that found it, or `parse-error` / `io-error`.
    public var ruleID: String
    /// How much it matters.
    public var severity: Severity
    /// What is wrong, naming the offending identifier.
    public var message: String
    /// A short hint of the fix, when one is known.
    public var hint: String?
    /// The edits `--fix` makes, for rules that can fix (byte offsets into the file as read).
    public var fix: [TextEdit]?
    /// The edits the same fix makes in other files, by path (byte offsets into each file as
    /// read), for a fix that spans files: `--fix` writes them together with ``fix``, every file
    /// or none. `nil` for a fix that stays in its own file.
    public var fixInOtherFiles: [String: [TextEdit]]?
    /// Why a rule that can fix left this finding without a fix, in one line ("a call site is
    /// outside the linted files"): `--fix` counts the finding as left for that reason. `nil`
    /// when the finding has a fix, or when its rule has none to offer.
    public var unfixedReason: String?

    /// Creates a diagnostic.
    public init(
        path: String, line: Int, column: Int, ruleID: String, severity: Severity,
        message: String, hint: String? = nil, fix: [TextEdit]? = nil, fixInOtherFiles: [String: [TextEdit]]? = nil,
        unfixedReason: String? = nil
    ) {
        self.path = path
        self.line = line
        self.column = column
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.hint = hint
        self.fix = fix
        self.fixInOtherFiles = fixInOtherFiles
        self.unfixedReason = unfixedReason
    }

    /// The hint of a finding a rule leaves unfixed for `reason`: its own hint, then why `--fix`
    /// leaves it, so that the report says which findings a person has to correct.
    public static func hint(_ hint: String?, leftBecause reason: String) -> String {
        (hint.map { $0 + " " } ?? "") + "--fix leaves it: \(reason)."
    }

    /// Leaves the finding unfixed for `reason`, which its hint then ends with.
    mutating func leave(because reason: String) {
        fix = nil
        fixInOtherFiles = nil
        unfixedReason = reason
        hint = Self.hint(hint, leftBecause: reason)
    }

    /// Every edit of the finding's fix, by path: its own file's and those of other files. Set,
    /// it makes the edits of the finding's own file its ``fix`` and the rest
    /// ``fixInOtherFiles``.
    public var fixByPath: [String: [TextEdit]] {
        get {
            var edits = fixInOtherFiles ?? [:]
            if let fix, !fix.isEmpty {
                edits[path, default: []] += fix
            }
            return edits.filter { !$0.value.isEmpty }
        }
        set {
            fix = newValue[path]
            let others = newValue.filter { $0.key != path }
            fixInOtherFiles = others.isEmpty ? nil : others
        }
    }

    /// Sorts by path, line, column, then rule, the order every reporter prints.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.path, lhs.line, lhs.column, lhs.ruleID, lhs.message)
            < (rhs.path, rhs.line, rhs.column, rhs.ruleID, rhs.message)
    }
}

/// Findings about a file rather than its code. They carry ids the way rule findings do, but
/// no rule makes them, so they are never configured, suppressed or baselined.
public enum Notice: String, CaseIterable, Sendable {
    /// The file does not parse; its rules were skipped.
    case parseError = "parse-error"
    /// The file or folder could not be read.
    case ioError = "io-error"
    /// An `mvvm:` comment names a rule that does not exist.
    case invalidSuppression = "invalid-suppression"
    /// The file nests deeper than the linter reads (or in a shape that makes parsing explode);
    /// its rules were skipped.
    case tooComplex = "too-complex"

    /// One line on what the notice means, for reports that describe their ids.
    public var summary: String {
        switch self {
        case .parseError: "The file does not parse; its rules were skipped."
        case .ioError: "The file or folder could not be read; it was skipped."
        case .invalidSuppression: "An mvvm:disable comment names a rule that does not exist."
        case .tooComplex: "The file nests too deep for the linter to read; its rules were skipped."
        }
    }
}

extension Diagnostic: BinaryCodable {
    static let schema = [
        "path: String",
        "line: Int",
        "column: Int",
        "ruleID: String",
        "severity: Severity",
        "message: String",
        "hint: Optional<String>",
        "fix: Optional<Array<TextEdit>>",
        "fixInOtherFiles: Optional<Dictionary<String, Array<TextEdit>>>",
        "unfixedReason: Optional<String>",
    ]

    func write(to writer: inout BinaryWriter) {
        writer.string(path); writer.int(line); writer.int(column); writer.string(ruleID)
        writer.string(severity.rawValue); writer.string(message)
        writer.optional(hint) { $0.string($1) }
        writer.optional(fix) { $0.values($1) }
        // Sorted by path, so that the same fix is always the same bytes.
        writer.optional(fixInOtherFiles) { writer, edits in
            writer.array(edits.sorted { $0.key < $1.key }) { writer, entry in
                writer.string(entry.key)
                writer.values(entry.value)
            }
        }
        writer.optional(unfixedReason) { $0.string($1) }
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(
            path: try reader.string(), line: try reader.lineOrOffset(), column: try reader.lineOrOffset(), ruleID: try reader.string(),
            severity: try reader.choice(Severity.self), message: try reader.string(),
            hint: try reader.optional { reader throws(BinaryReader.Damaged) in try reader.string() },
            fix: try reader.optional { reader throws(BinaryReader.Damaged) in try reader.values(of: TextEdit.self) },
            fixInOtherFiles: try reader.optional { reader throws(BinaryReader.Damaged) in try Self.editsByPath(from: &reader) },
            unfixedReason: try reader.optional { reader throws(BinaryReader.Damaged) in try reader.string() }
        )
    }

    private static func editsByPath(from reader: inout BinaryReader) throws(BinaryReader.Damaged) -> [String: [TextEdit]] {
        let entries = try reader.array { reader throws(BinaryReader.Damaged) in
            (try reader.string(), try reader.values(of: TextEdit.self))
        }
        return Dictionary(entries, uniquingKeysWith: { first, _ in first })
    }
}
