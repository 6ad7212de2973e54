import Foundation
import MVVMLint

/// Writes a lint run's reports, each to its `--reporter` destination: coloured text only on a
/// terminal, a file replaced atomically.
struct ReportWriter {
    /// Where each report goes, in the order given.
    var destinations: [ReportDestination]
    /// A dry run's standard output is the diff alone, ready for `patch`: the report that would
    /// print there goes to standard error.
    var dryRun: Bool

    /// Writes every report of `result`; a report that cannot be made or written stops the run.
    func write(_ result: LintResult, of session: ProjectSession, hintsAsNotes: Bool) throws {
        // No text outlives its file's turn: a report that needs one reads it again, as linting did.
        var context = ReportContext(hiddenByBaseline: result.hiddenByBaseline, rules: session.rules) { path in
            SourceInput.text(ofFile: path)
        }
        context.customRules = session.customRules
        context.hintsAsNotes = hintsAsNotes
        let hidden = result.hiddenByBaseline
        if hidden > 0 && !destinations.contains(where: { $0.kind == .text && $0.path == nil }) {
            // The text report's summary says it; other formats list only what is new.
            StandardStream.note("note: the baseline hid \(hidden) known violation\(hidden == 1 ? "" : "s").\n")
        }
        for destination in destinations {
            if let path = destination.path {
                try write(destination.kind, result.diagnostics, context: context, to: path, project: session.projectRoot)
            } else {
                try print(destination.kind, result.diagnostics, context: context)
            }
        }
    }

    /// The report on standard output (standard error in a dry run), coloured if that is a terminal.
    private func print(_ kind: ReporterKind, _ diagnostics: [Diagnostic], context: ReportContext) throws {
        let stream = dryRun ? STDERR_FILENO : STDOUT_FILENO
        let text = try Self.report(kind, diagnostics, colored: kind == .text && isatty(stream) != 0, context: context)
        if dryRun { StandardStream.note(text) } else { try StandardStream.print(text) }
    }

    /// The report in the file at `path`. A new or regular file is replaced atomically: a CI
    /// step that uploads it never sees half of it. Devices, FIFOs and links are written through.
    private func write(_ kind: ReporterKind, _ diagnostics: [Diagnostic], context: ReportContext, to path: String, project: String) throws {
        let text = try Self.report(kind, diagnostics, colored: false, context: context)
        do {
            try OutputFileWriter.write(Array(text.utf8), to: path, project: project)
        } catch {
            throw CommandFailure("the \(kind.rawValue) report \(error).")
        }
    }

    /// `kind`'s report; one that cannot be made stops the run (exit 2) rather than standing in
    /// an empty report, which would read as a clean run.
    private static func report(_ kind: ReporterKind, _ diagnostics: [Diagnostic], colored: Bool, context: ReportContext) throws -> String {
        do {
            return try kind.render(diagnostics, colored: colored, context: context)
        } catch {
            throw CommandFailure("\(error).")
        }
    }
}
