import ArgumentParser
import Foundation
import MVVMLint

/// `mvvm lint`: report every place the code leaves the architecture.
struct LintCommand: CommandUsingRules {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint Swift files against the MVVM architecture.",
        discussion: """
            Exit status: 0 when no error-severity violation is found (warnings too with --strict), \
            1 when violations are found, 2 for usage, configuration or I/O errors that stop the run.
            """
    )

    @OptionGroup var project: ProjectOptions

    @Option(help: "Override the configuration's preset: a built-in one or one the configuration defines.")
    var preset: Preset.ID?

    @Option(help: ReportDestination.help, transform: { try ReportDestination(parsing: $0) })
    var reporter: [ReportDestination] = []

    @Flag(help: "Fail on warnings as well as errors.")
    var strict = false

    @Flag(help: "In the xcode report, follow each finding with its hint as a note, as compilers print fix-its.")
    var hints = false

    @Flag(help: "Correct what the fixable rules found, in place; then report what is left.")
    var fix = false

    @Flag(help: "With --fix: print the fixes as a unified diff on standard output and change no source file.")
    var dryRun = false

    @Option(help: ArgumentHelp("Fail only on violations that this baseline file does not record.", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("Record today's violations in this file and exit 0: adopt the linter in an existing codebase.", valueName: "file"))
    var writeBaseline: String?

    @Flag(help: "Print the time spent parsing and in each rule to standard error.")
    var timing = false

    // The benchmark's floor: find, read and parse the files as a lint run does, and stop there.
    @Flag(help: .hidden)
    var parseOnly = false

    // The floor of any check on swift-syntax's tree: parse-only, then one visit of every node
    // by a visitor that checks nothing (the benchmark's instruction mode reports it).
    @Flag(help: .hidden)
    var visitOnly = false

    func validate() throws {
        if dryRun && !fix {
            throw ValidationError(FixPreview.needsFix)
        }
        guard reporter.filter({ $0.path == nil }).count <= 1 else {
            throw ValidationError("Only one reporter can print to standard output; give the others a file (KIND:PATH).")
        }
        // Each output would replace the one before it in the same file, and only the last kept.
        // A device or FIFO (`/dev/null`, `/dev/stdout`) takes every output written to it.
        var outputs: [String: String] = [:]
        let named = reporter.compactMap { destination in destination.path.map { ($0, "--reporter \(destination.kind.rawValue):\($0)") } }
            + (writeBaseline.map { [($0, "--write-baseline \($0)")] } ?? [])
        for (path, option) in named {
            // Links followed; a file that exists is known by its device and inode, so two
            // spellings of it (a link, `./out`) are one file.
            var status = stat()
            let key: String
            if stat(path, &status) == 0 {
                let kind = status.st_mode & S_IFMT
                if kind == S_IFCHR || kind == S_IFIFO || kind == S_IFSOCK { continue }
                key = "\(status.st_dev):\(status.st_ino)"
            } else {
                key = URL(fileURLWithPath: path).standardizedFileURL.path
            }
            if let earlier = outputs[key] {
                throw ValidationError("\(PrintableText.escaping(earlier)) and \(PrintableText.escaping(option)) name the same file; give each output a file of its own.")
            }
            outputs[key] = option
        }
    }

    func run(rules: RuleSet) throws {
        let session = try openSession(rules: rules)
        PartialRunNote.write(for: session)
        if parseOnly || visitOnly {
            return try printParseOnlySummary(session)
        }
        let result = try lint(session)
        try printEvents(result)
        if let recorded = result.recordedBaseline, let writeBaseline {
            return try Self.printRecorded(recorded, in: writeBaseline)
        }
        try reports.write(result, of: session, hintsAsNotes: hints)
        printTimingsIfAsked(result)
        warnIfNothingWasLinted(result, session: session)
        try exitStatus(result.diagnostics)
    }

    /// The project of the command line; an unknown `--preset` is refused as the argument
    /// parser refuses a value.
    private func openSession(rules: RuleSet) throws -> ProjectSession {
        do {
            // The parse-only floor reads no cache: the benchmark compares it with cold runs.
            return try project.session(rules: rules, preset: preset, cached: !parseOnly && !visitOnly)
        } catch {
            if let known = error.knownPresets, let preset {
                throw Self.unknownPreset(preset, known: known)
            }
            throw CommandFailure(error.message)
        }
    }

    /// `preset` refused, worded as the argument parser words a value it refuses, since the
    /// built-in presets are the option's listed values.
    private static func unknownPreset(_ preset: Preset.ID, known: [Preset.ID]) -> ValidationError {
        let names = known.map(\.rawValue)
        let suggestion = NameSuggestion.closest(to: preset.rawValue, in: names).map { " Did you mean '\($0)'?" } ?? ""
        return ValidationError(
            "The value '\(PrintableText.escaping(preset.rawValue))' is invalid for '--preset <preset>'. Please provide one of \(quotedList(names)).\(suggestion)"
        )
    }

    /// The benchmark's floors: the files found, read and parsed (with `--visit-only` each tree
    /// visited too), and nothing checked.
    private func printParseOnlySummary(_ session: ProjectSession) throws {
        let summary = Linter(jobs: project.jobs, rules: session.rules).parseOnlySummary(session.discover().inputs, visitingEveryNode: visitOnly)
        try StandardStream.print("Parsed \(summary.files) files (\(summary.withSyntaxErrors) with syntax errors).\n")
    }

    /// What the options ask of the session's lint.
    private var request: ProjectSession.LintRequest {
        var request = ProjectSession.LintRequest()
        request.fix = fix
        request.dryRun = dryRun
        request.baseline = baseline
        request.writeBaseline = writeBaseline
        request.measuresTime = timing
        return request
    }

    /// The session's lint, with a progress line on a terminal.
    private func lint(_ session: ProjectSession) throws -> LintResult {
        var request = request
        let progressLine = Self.terminalProgressLine()
        if let progressLine {
            request.progress = { @Sendable done, total in progressLine.update(done: done, total: total) }
        }
        defer { progressLine?.finish() }
        do {
            return try session.lint(request)
        } catch {
            throw CommandFailure(error.message)
        }
    }

    /// A progress line on standard error, when a person at a terminal sees it; pipes and CI
    /// logs stay clean.
    private static func terminalProgressLine() -> ProgressLine? {
        guard isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["CI"] == nil else { return nil }
        return ProgressLine(write: { StandardStream.note($0) })
    }

    /// The dry run's diff on standard output, then what else the run has to say on standard error.
    private func printEvents(_ result: LintResult) throws {
        if dryRun {
            try StandardStream.print(FixPreview.diff(of: result.events))
        }
        for event in result.events {
            StandardStream.note(event.text)
        }
    }

    /// With `--write-baseline`, what the baseline file recorded, in place of a report.
    private static func printRecorded(_ recorded: Baseline, in path: String) throws {
        try StandardStream.print("Recorded \(recorded.entries.count) violation(s) in \(PrintableText.escaping(path)).\n")
    }

    /// The `--reporter` outputs, the text report on standard output when none is given.
    private var reports: ReportWriter {
        ReportWriter(destinations: reporter.isEmpty ? [ReportDestination.standard] : reporter, dryRun: dryRun)
    }

    /// With `--timing`, where the time went, on standard error.
    private func printTimingsIfAsked(_ result: LintResult) {
        if timing {
            Self.printTimings(result, cached: result.filesFromCache)
        }
    }

    /// A warning when no file was linted: none found, or all skipped.
    private func warnIfNothingWasLinted(_ result: LintResult, session: ProjectSession) {
        guard result.fileCount == 0 else { return }
        // Files found but skipped (too large, unreadable) are named in the report already.
        let skipped = result.diagnostics.filter { $0.ruleID == Notice.ioError.rawValue }.count
        StandardStream.note(skipped > 0
            ? "warning: no Swift file under \(session.pathsDescription) could be linted (\(skipped) skipped; the report names them).\n"
            : "warning: no Swift files found under \(session.pathsDescription).\n")
    }

    /// Exit status 1 when an error is found, or with `--strict` a warning; 0 otherwise.
    private func exitStatus(_ diagnostics: [Diagnostic]) throws {
        if diagnostics.contains(where: { $0.severity == .error || (strict && $0.severity == .warning) }) {
            throw ExitCode(1)
        }
    }

    /// `'a' and 'b'`, or `'a', 'b' or 'c'`: the argument parser's wording for a list of values.
    private static func quotedList(_ names: [String]) -> String {
        let quoted = names.map { "'\(PrintableText.escaping($0))'" }
        guard quoted.count > 2, let last = quoted.last else { return quoted.joined(separator: " and ") }
        return quoted.dropLast().joined(separator: ", ") + " or \(last)"
    }

    private static func printTimings(_ result: LintResult, cached: Int) {
        var lines = ["Timing (summed over workers) for \(result.fileCount) files, \(result.fileCount - cached) parsed, \(cached) from the cache:"]
        for (name, duration) in result.timings.sorted(by: { $0.value > $1.value }) {
            let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
            lines.append(String(format: "  %10.1f ms  %@", milliseconds, name.description))
        }
        StandardStream.note(lines.joined(separator: "\n") + "\n")
    }
}
