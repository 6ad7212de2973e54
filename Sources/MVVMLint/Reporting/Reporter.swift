/// A report format: the run's diagnostics as the text a reader or another tool takes in.
///
/// A new format is one type conforming here, one case of ``ReporterKind`` that makes it, and
/// its test.
public protocol Reporter: Sendable {
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
