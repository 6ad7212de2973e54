import Foundation

/// The violations a codebase had when it adopted the linter, so that a run fails only on new ones.
///
/// An entry matches a diagnostic of the same rule in the same file with the same message, which
/// names the offending identifier; line numbers only break ties, so entries survive edits above
/// them. Entries that match nothing any more are *stale*: the run reports them so the baseline
/// shrinks as the code is fixed.
///
/// Paths are relative to the project's root (the folder of `.mvvm.yml`, else the current
/// folder), wherever the baseline file is, so a baseline works in any checkout. Version 1 files,
/// whose paths were relative to the baseline file's folder, are still read.
public struct Baseline: Codable, Sendable, Equatable {
    /// One recorded violation.
    public struct Entry: Codable, Hashable, Sendable, Comparable {
        /// The rule.
        public var ruleID: String
        /// The file, relative to the project's root (version 1: to the baseline file's folder).
        public var path: String
        /// The message, which names the offending code.
        public var message: String
        /// The line when recorded; used only to pair up entries that are otherwise equal.
        public var line: Int

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.path, lhs.line, lhs.ruleID, lhs.message) < (rhs.path, rhs.line, rhs.ruleID, rhs.message)
        }
    }

    /// The version this tool writes.
    public static let currentVersion = 2

    /// The file format's version.
    public var version = Baseline.currentVersion
    /// The recorded violations, sorted.
    public var entries: [Entry]

    /// The lines an entry may name: a file has at least one, and none has billions.
    static let lines = 1...Int(Int32.max)
    /// The largest baseline file read.
    static let sizeLimit = 256 << 20

    /// Records `diagnostics`, with paths relative to `folder` (the project's root).
    public init(_ diagnostics: [Diagnostic], relativeTo folder: String) {
        entries = diagnostics.filter { Notice(rawValue: $0.ruleID) == nil }.map { diagnostic in
            Entry(ruleID: diagnostic.ruleID, path: Self.relative(diagnostic.path, to: folder),
                  message: diagnostic.message, line: diagnostic.line)
        }.sorted()
    }

    /// Reads a baseline file.
    public static func load(path: String) throws(BaselineError) -> Baseline {
        let data: [UInt8]
        do {
            data = try RegularFileReader.read(path, limit: sizeLimit)
        } catch {
            throw BaselineError(path: path, problem: error.problem)
        }
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: Data(data))
        } catch {
            throw BaselineError(path: path, problem: "is not a baseline written by `mvvm lint --write-baseline`")
        }
        guard (1...currentVersion).contains(baseline.version) else {
            throw BaselineError(path: path, problem: "has version \(baseline.version); this mvvm reads versions 1 and \(currentVersion)")
        }
        for (index, entry) in baseline.entries.enumerated() {
            if let problem = entry.problem {
                throw BaselineError(path: path, problem: "has a bad entry \(index + 1) (\(entry.summary)): \(problem)")
            }
        }
        return baseline
    }

    /// Writes the baseline as stable, sorted JSON (see ``OutputFileWriter`` for where it may go;
    /// with `project`, a path inside the project may not lead out of it through links).
    public func write(to path: String, project: String? = nil) throws(BaselineError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(self) + Data("\n".utf8)
            try OutputFileWriter.write(Array(data), to: path, project: project)
        } catch let error as FileAccessError {
            throw BaselineError(path: path, problem: error.problem)
        } catch {
            throw BaselineError(path: path, problem: "cannot be written (\((error as NSError).localizedDescription))")
        }
    }

    /// Which diagnostics are new, how many the baseline covers, and which entries matched nothing.
    public func apply(to diagnostics: [Diagnostic], relativeTo folder: String) -> (new: [Diagnostic], covered: Int, stale: [Entry]) {
        struct Key: Hashable {
            var ruleID, path, message: String
        }
        var remaining = Dictionary(grouping: entries) { Key(ruleID: $0.ruleID, path: $0.path, message: $0.message) }
        var new: [Diagnostic] = []
        var covered = 0
        // Nearest recorded line first, so that of several equal findings the added one is new.
        // (The distance is worked out once per finding, not once per comparison.)
        let candidates = diagnostics.map { diagnostic in
            let path = Self.relative(diagnostic.path, to: folder, climbing: version >= 2)
            let key = Key(ruleID: diagnostic.ruleID, path: path, message: diagnostic.message)
            let distance = remaining[key]?.map { Self.distance($0.line, diagnostic.line) }.min() ?? .max
            return (diagnostic: diagnostic, key: key, distance: distance)
        }.sorted { $0.distance < $1.distance }
        for (diagnostic, key, _) in candidates {
            guard var entries = remaining[key], !entries.isEmpty else {
                new.append(diagnostic)
                continue
            }
            let nearest = entries.indices.min { Self.distance(entries[$0].line, diagnostic.line) < Self.distance(entries[$1].line, diagnostic.line) }!
            entries.remove(at: nearest)
            remaining[key] = entries
            covered += 1
        }
        return (new.sorted(), covered, remaining.values.flatMap { $0 }.sorted())
    }

    /// How far apart two lines are, without overflow whatever they are.
    static func distance(_ first: Int, _ second: Int) -> UInt {
        first >= second ? UInt(bitPattern: first &- second) : UInt(bitPattern: second &- first)
    }

    /// `path` relative to `folder`, both taken from the current folder when relative; a path
    /// outside `folder` climbs out of it with `..` (or, as version 1 wrote it, is absolute).
    static func relative(_ path: String, to folder: String, climbing: Bool = true) -> String {
        let current = FileManager.default.currentDirectoryPath
        let absolutePath = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL.path
        let absoluteFolder = URL(fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL.path
        if !climbing {
            return absolutePath.hasPrefix(absoluteFolder + "/") ? String(absolutePath.dropFirst(absoluteFolder.count + 1)) : absolutePath
        }
        return PathText.climbing(to: absolutePath, from: absoluteFolder)
    }
}

extension Baseline.Entry {
    /// What is wrong with an entry read from a file, if anything.
    var problem: String? {
        if !Baseline.lines.contains(line) {
            return "its line \(line) is outside \(Baseline.lines.lowerBound)...\(Baseline.lines.upperBound)"
        }
        if path.isEmpty { return "its path is empty" }
        if ruleID.isEmpty { return "its rule is empty" }
        return nil
    }

    /// The entry in a few words, for messages.
    var summary: String {
        PrintableText.escaping("\(path), \(ruleID)")
    }
}

/// A baseline file that cannot be used.
public struct BaselineError: Error, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong with it.
    public var problem: String

    public var description: String { "the baseline '\(PrintableText.escaping(path))' \(problem)." }
}
