import Foundation

/// The violations a codebase had when it adopted the linter, so that a run fails only on new ones.
///
/// An entry matches a diagnostic of the same rule in the same file with the same message, which
/// names the offending identifier; line numbers only break ties, so entries survive edits above
/// them. Entries that match nothing any more are *stale*: the run reports them so the baseline
/// shrinks as the code is fixed.
public struct Baseline: Codable, Sendable, Equatable {
    /// One recorded violation.
    public struct Entry: Codable, Hashable, Sendable, Comparable {
        /// The rule.
        public var ruleID: String
        /// The file, relative to the baseline file's folder.
        public var path: String
        /// The message, which names the offending code.
        public var message: String
        /// The line when recorded; used only to pair up entries that are otherwise equal.
        public var line: Int

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.path, lhs.line, lhs.ruleID, lhs.message) < (rhs.path, rhs.line, rhs.ruleID, rhs.message)
        }
    }

    /// The file format's version.
    public var version = 1
    /// The recorded violations, sorted.
    public var entries: [Entry]


    /// Records `diagnostics`, with paths relative to `folder` (the baseline file's).
    public init(_ diagnostics: [Diagnostic], relativeTo folder: String) {
        entries = diagnostics.filter { Notice(rawValue: $0.ruleID) == nil }.map { diagnostic in
            Entry(ruleID: diagnostic.ruleID, path: Self.relative(diagnostic.path, to: folder),
                  message: diagnostic.message, line: diagnostic.line)
        }.sorted()
    }

    /// Reads a baseline file.
    public static func load(path: String) throws(BaselineError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BaselineError(path: path, problem: "cannot be read")
        }
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw BaselineError(path: path, problem: "is not a baseline written by `mvvm lint --write-baseline`")
        }
        guard baseline.version == 1 else {
            throw BaselineError(path: path, problem: "has version \(baseline.version); this mvvm reads version 1")
        }
        return baseline
    }

    /// Writes the baseline atomically, as stable, sorted JSON.
    public func write(to path: String) throws(BaselineError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try (encoder.encode(self) + Data("\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
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
            let key = Key(ruleID: diagnostic.ruleID, path: Self.relative(diagnostic.path, to: folder), message: diagnostic.message)
            let distance = remaining[key]?.map { abs($0.line - diagnostic.line) }.min() ?? .max
            return (diagnostic: diagnostic, key: key, distance: distance)
        }.sorted { $0.distance < $1.distance }
        for (diagnostic, key, _) in candidates {
            guard var entries = remaining[key], !entries.isEmpty else {
                new.append(diagnostic)
                continue
            }
            let nearest = entries.indices.min { abs(entries[$0].line - diagnostic.line) < abs(entries[$1].line - diagnostic.line) }!
            entries.remove(at: nearest)
            remaining[key] = entries
            covered += 1
        }
        return (new.sorted(), covered, remaining.values.flatMap { $0 }.sorted())
    }

    /// `path` relative to `folder`, both taken from the current folder when relative.
    static func relative(_ path: String, to folder: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let absolutePath = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL.path
        let absoluteFolder = URL(fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL.path
        return absolutePath.hasPrefix(absoluteFolder + "/") ? String(absolutePath.dropFirst(absoluteFolder.count + 1)) : absolutePath
    }
}

/// A baseline file that cannot be used.
public struct BaselineError: Error, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong with it.
    public var problem: String

    public var description: String { "the baseline '\(path)' \(problem)." }
}
