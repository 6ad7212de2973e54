import Foundation
import MVVMLint

/// What a run that does not run the whole rule set says, and which command does: the
/// configuration names another tool, or sets rules this tool does not know.
enum PartialRunNote {
    /// The note of the session's root configuration and of each nested package's, on standard
    /// error.
    static func write(for session: ProjectSession) {
        for (configuration, folder) in [(session.root, nil)] + session.packageConfigurations.map({ ($0, Optional($0.rootDirectory)) }) {
            if let note = text(configuration, folder: folder) {
                FileHandle.standardError.write(Data(note.utf8))
            }
        }
    }

    /// The note of `configuration`, if its run is partial. `folder` is a nested package's, whose
    /// own configuration it is; `nil` for the root's.
    static func text(_ configuration: Configuration, folder: String? = nil, runningTool: String = ProjectOptions.toolName) -> String? {
        let left = configuration.rulesLeftToTool.sorted().map { "'\(PrintableText.escaping($0))'" }
        let without = left.isEmpty ? "" : ", without \(left.joined(separator: ", "))"
        let current = FileManager.default.currentDirectoryPath + "/"
        let shown = folder.map { PrintableText.escaping($0.hasPrefix(current) ? String($0.dropFirst(current.count)) : $0) }
        let file = shown.map { "\($0)/.mvvm.yml" } ?? ".mvvm.yml"
        let inFolder = shown.map { "cd \($0) && " } ?? ""
        if configuration.isPartialRun, let tool = configuration.tool {
            return "note: \(file) names '\(tool)' as the tool that runs its whole rule set; \(runningTool) ran the rules it knows\(without). "
                + "To run them all: \(inFolder)swift run \(tool) lint (or swift package mvvm-lint).\n"
        }
        guard !left.isEmpty else { return nil }
        return "warning: \(file) sets rules \(runningTool) does not know (\(left.joined(separator: ", "))); it ran the others. "
            + "If a tool of your team adds them in Swift, name it in \(file) ('tool: NAME') and run \(inFolder)swift run NAME lint for the whole rule set.\n"
    }
}
