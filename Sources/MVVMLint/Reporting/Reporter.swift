/// A report format: the run's diagnostics as the text a reader or another tool takes in.
///
/// A format describes itself: its ``name`` (what `--reporter` takes) and ``help`` live on the
/// type, and ``ReporterKind/allCases`` lists every format once, for the command line's help and
/// parsing alike.
public protocol Reporter: Sendable {
    /// The name `--reporter` takes (`json`); no two formats share one.
    static var name: String { get }
    /// What the report is, in one line, for `--reporter`'s help and the reporter table.
    static var help: String { get }

    /// The reporter of one run: `colored` when its report goes to a terminal that shows colour;
    /// `context` says what a baseline hid and gives the files' text to reports that count
    /// columns in UTF-16.
    init(colored: Bool, context: ReportContext)

    /// Renders `diagnostics`, already sorted.
    ///
    /// - Throws: ``ReportError`` when the report cannot be made. A reporter never stands an
    ///   empty report (which reads as a clean run) in for one it failed to make.
    func render(_ diagnostics: [Diagnostic]) throws(ReportError) -> String
}

/// Why a report could not be made.
public struct ReportError: Error, Sendable, CustomStringConvertible {
    /// The format that failed (`json`, `sarif`).
    public var kind: ReporterKind
    /// What went wrong, in a few words.
    public var reason: String

    /// Creates an error for `kind`'s report.
    public init(kind: ReporterKind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String {
        "the \(kind.rawValue) report could not be made: \(reason)"
    }
}

extension Reporter {
    /// `value` as this format's JSON (``JSONOutput``); an encoding failure is this format's
    /// ``ReportError``.
    func json(_ value: some Encodable) throws(ReportError) -> String {
        do {
            return try JSONOutput.text(of: value)
        } catch {
            throw ReportError(kind: ReporterKind(Self.self), reason: "\(error)")
        }
    }
}
