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
        let session: ProjectSession
        do {
            // The parse-only floor reads no cache: the benchmark compares it with cold runs.
            session = try project.session(rules: rules, preset: preset, cached: !parseOnly && !visitOnly)
        } catch {
            if let known = error.knownPresets, let preset {
                // Worded as the argument parser words a value it refuses, since the built-in
                // presets are the option's listed values.
                let names = known.map(\.rawValue)
                let suggestion = NameSuggestion.closest(to: preset.rawValue, in: names).map { " Did you mean '\($0)'?" } ?? ""
                throw ValidationError(
                    "The value '\(PrintableText.escaping(preset.rawValue))' is invalid for '--preset <preset>'. Please provide one of \(Self.quotedList(names)).\(suggestion)"
                )
            }
            throw CommandFailure(error.message)
        }
        for (configuration, folder) in [(session.root, nil)] + session.packageConfigurations.map({ ($0, Optional($0.rootDirectory)) }) {
            if let note = Self.partialRunNote(configuration, folder: folder) {
                FileHandle.standardError.write(Data(note.utf8))
            }
        }
        if parseOnly || visitOnly {
            let summary = Linter(jobs: project.jobs, rules: session.rules).parseOnlySummary(session.discover().inputs, visitingEveryNode: visitOnly)
            try StandardStream.print("Parsed \(summary.files) files (\(summary.withSyntaxErrors) with syntax errors).\n")
            return
        }
        var request = ProjectSession.LintRequest()
        request.fix = fix
        request.dryRun = dryRun
        request.baseline = baseline
        request.writeBaseline = writeBaseline
        request.measuresTime = timing
        // Only a person at a terminal sees progress; pipes and CI logs stay clean.
        let progressLine = isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["CI"] == nil ? ProgressLine(write: { StandardStream.note($0) }) : nil
        if let progressLine {
            request.progress = { @Sendable done, total in progressLine.update(done: done, total: total) }
        }
        let outcome: ProjectSession.LintOutcome
        do {
            outcome = try session.lint(request)
        } catch {
            progressLine?.finish()
            throw CommandFailure(error.message)
        }
        progressLine?.finish()
        if dryRun {
            try StandardStream.print(FixPreview.diff(of: outcome.notes))
        }
        for note in outcome.notes {
            StandardStream.note(note.text)
        }
        if let recorded = outcome.recordedBaseline, let writeBaseline {
            try StandardStream.print("Recorded \(recorded.entries.count) violation(s) in \(PrintableText.escaping(writeBaseline)).\n")
            return
        }
        let diagnostics = outcome.diagnostics
        let hiddenByBaseline = outcome.hiddenByBaseline
        let result = outcome.result

        // No text outlives its file's turn: a report that needs one reads it again, as linting did.
        var context = ReportContext(hiddenByBaseline: hiddenByBaseline, rules: session.rules) { path in
            (try? RegularFileReader.read(path, limit: FileDiscovery.sizeLimit)).flatMap(FileDiscovery.text(of:))
        }
        context.customRules = session.customRules
        context.hintsAsNotes = hints
        let outputs = reporter.isEmpty ? [ReportDestination.standard] : reporter
        if hiddenByBaseline > 0 && !outputs.contains(where: { $0.kind == .text && $0.path == nil }) {
            // The text report's summary says it; other formats list only what is new.
            StandardStream.note("note: the baseline hid \(hiddenByBaseline) known violation\(hiddenByBaseline == 1 ? "" : "s").\n")
        }
        for output in outputs {
            guard let path = output.path else {
                // A dry run's standard output is the diff alone, ready for `patch`.
                let stream = dryRun ? STDERR_FILENO : STDOUT_FILENO
                let text = try Self.report(output.kind, diagnostics, colored: output.kind == .text && isatty(stream) != 0, context: context)
                if dryRun { StandardStream.note(text) } else { try StandardStream.print(text) }
                continue
            }
            let text = try Self.report(output.kind, diagnostics, colored: false, context: context)
            do {
                // A new or regular file is replaced atomically: a CI step that uploads it never
                // sees half of it. Devices, FIFOs and links are written through.
                try OutputFileWriter.write(Array(text.utf8), to: path, project: session.projectRoot)
            } catch {
                throw CommandFailure("the \(output.kind.rawValue) report \(error).")
            }
        }
        if timing {
            Self.printTimings(result, cached: session.cache?.hitCount ?? 0)
        }
        if result.fileCount == 0 {
            // Files found but skipped (too large, unreadable) are named in the report already.
            let skipped = outcome.diagnostics.filter { $0.ruleID == Notice.ioError.rawValue }.count
            StandardStream.note(skipped > 0
                ? "warning: no Swift file under \(session.pathsDescription) could be linted (\(skipped) skipped; the report names them).\n"
                : "warning: no Swift files found under \(session.pathsDescription).\n")
        }
        let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        if failing {
            throw ExitCode(1)
        }
    }

    /// What a run that does not run the whole rule set says, and which command does: the
    /// configuration names another tool, or sets rules this tool does not know.
    /// `folder` is a nested package's, whose own configuration it is; `nil` for the root's.
    static func partialRunNote(_ configuration: Configuration, folder: String? = nil, runningTool: String = ProjectOptions.toolName) -> String? {
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

    /// `'a' and 'b'`, or `'a', 'b' or 'c'`: the argument parser's wording for a list of values.
    private static func quotedList(_ names: [String]) -> String {
        let quoted = names.map { "'\(PrintableText.escaping($0))'" }
        guard quoted.count > 2, let last = quoted.last else { return quoted.joined(separator: " and ") }
        return quoted.dropLast().joined(separator: ", ") + " or \(last)"
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

    private static func printTimings(_ result: LintResult, cached: Int) {
        var lines = ["Timing (summed over workers) for \(result.fileCount) files, \(result.fileCount - cached) parsed, \(cached) from the cache:"]
        for (name, duration) in result.timings.sorted(by: { $0.value > $1.value }) {
            let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
            lines.append(String(format: "  %10.1f ms  %@", milliseconds, name.description))
        }
        StandardStream.note(lines.joined(separator: "\n") + "\n")
    }
}
