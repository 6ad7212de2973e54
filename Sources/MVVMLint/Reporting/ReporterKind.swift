/// One output format of `mvvm lint`: a ``Reporter`` type, known by its name.
///
/// ``allCases`` is the one list of the formats; `--reporter`'s help and parsing both read it.
public struct ReporterKind: Sendable, Hashable, CustomStringConvertible {
    /// The format's reporter type.
    let reporterType: any Reporter.Type

    init(_ reporterType: any Reporter.Type) {
        self.reporterType = reporterType
    }

    /// Every format, in the order the help lists them.
    public static let allCases: [ReporterKind] = [
        TextReporter.self, XcodeReporter.self, JSONReporter.self, GitHubReporter.self, SARIFReporter.self, JUnitReporter.self,
    ].map(ReporterKind.init)

    /// The format named `rawValue` in ``allCases``; `nil` for a name no format has.
    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    /// The name `--reporter` takes.
    public var rawValue: String { reporterType.name }

    /// What the report is, in one line.
    public var help: String { reporterType.help }

    public var description: String { rawValue }

    public static func == (lhs: ReporterKind, rhs: ReporterKind) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// The reporter of this format; `context` says what a baseline hid and gives the files'
    /// text to reports that count columns in UTF-16.
    public func reporter(colored: Bool = false, context: ReportContext) -> any Reporter {
        reporterType.init(colored: colored, context: context)
    }

    /// Renders `diagnostics` (already sorted) with this format's ``reporter(colored:context:)``.
    ///
    /// - Throws: ``ReportError`` when the report cannot be made.
    public func render(_ diagnostics: [Diagnostic], colored: Bool = false, context: ReportContext) throws(ReportError) -> String {
        try reporter(colored: colored, context: context).render(diagnostics)
    }
}

extension ReporterKind {
    /// Readable lines with hints and a summary: the report when no `--reporter` is given.
    public static let text = ReporterKind(TextReporter.self)
}
