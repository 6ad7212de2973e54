import Foundation

/// What a ``ProjectRule`` sees: every file's facts and the resolved roles.
public struct ProjectContext: Sendable {
    /// Facts of every linted file.
    public let files: [FileFacts]
    /// Resolved roles.
    public let index: ProjectIndex
    /// The configuration of each file, by its path.
    let configurationForFile: @Sendable (String) -> Configuration

    init(files: [FileFacts], index: ProjectIndex, configurationForFile: @escaping @Sendable (String) -> Configuration) {
        self.files = files
        self.index = index
        self.configurationForFile = configurationForFile
    }

    /// The configuration that applies to the file at `path`.
    public func configuration(forFile path: String) -> Configuration {
        configurationForFile(path)
    }

    /// The former spelling of ``configuration(forFile:)``.
    @available(*, deprecated, renamed: "configuration(forFile:)")
    public var configuration: @Sendable (String) -> Configuration { configurationForFile }

    /// A finding of `rule` in `path`, with that file's severity for the rule.
    public func report(_ rule: RuleDescription, path: String, line: Int, column: Int, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(path: path, line: line, column: column, ruleID: rule.id,
                   severity: configurationForFile(path).severity(of: rule), message: message, hint: hint)
    }
}
