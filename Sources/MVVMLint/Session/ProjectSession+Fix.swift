import Foundation

extension ProjectSession {
    /// What a fix pass did.
    public struct FixReport: Sendable, Equatable {
        /// How many files changed.
        public var changedFiles: Int
        /// How many violations the changed files had.
        public var fixedViolations: Int
        /// The files with fixes that were left alone, and why.
        public var notFixed: [FileNotFixed]

        /// A file with fixes that was left alone.
        public struct FileNotFixed: Sendable, Equatable {
            /// The file.
            public var path: String
            /// Why it was left alone.
            public var reason: NotFixed
        }

        /// Why a file with fixes was left alone.
        public enum NotFixed: Sendable, Equatable {
            /// It is not the text it was linted from.
            case changedSinceLinted
            /// It changed while the fix read it.
            case changedWhileFixed
            /// The fixed text would not parse.
            case wouldNotParse
            /// It is not a file the fixer may replace (the reason says why).
            case refused(String)
            /// Writing it failed (the reason says why).
            case writeFailed(String)
        }

    }

    /// Applies the fixes of `diagnostics` file by file, to the texts they were made from: those
    /// in memory in `sources`, else the file as it is now if its hash is the one in
    /// `contentHashes` (a lint result's) or, for a file the cache spared from reading, the one
    /// the cache stored. A file that changed since, or that the fix would leave unparsable, is
    /// left alone and named in the report.
    public func fix(_ diagnostics: [Diagnostic], sources: [SourceInput] = [], contentHashes: [String: UInt64] = [:]) -> FixReport {
        var texts: [String: String] = [:]
        for source in sources {
            if case .text(let text) = source.content, texts[source.path] == nil {
                texts[source.path] = text
            }
        }
        let fixable = Dictionary(grouping: diagnostics.filter { $0.fix?.isEmpty == false }, by: \.path)
        var report = FixReport(changedFiles: 0, fixedViolations: 0, notFixed: [])
        // Files read on the workers, or spared from reading by the cache: their fixes were made
        // from the text the run or the cache hashed, so that is the text to check against now.
        for path in fixable.keys where texts[path] == nil {
            if case .text(let bytes) = FileDiscovery.load(path), let linted = contentHashes[path] ?? cache?.contentHash(for: path),
               FactsCache.hash(bytes) == linted {
                texts[path] = String(decoding: bytes, as: UTF8.self)
            }
        }
        for path in fixable.keys.sorted() {
            guard let found = fixable[path] else { continue }
            guard let text = texts[path] else {
                report.notFixed.append(.init(path: path, reason: .changedSinceLinted))
                continue
            }
            switch FileFixer().fix(path: path, linted: text, edits: found.flatMap { $0.fix ?? [] }) {
            case .fixed(let edits) where edits > 0:
                report.changedFiles += 1
                report.fixedViolations += found.count
            case .fixed:
                break
            case .changedOnDisk:
                report.notFixed.append(.init(path: path, reason: .changedWhileFixed))
            case .wouldNotParse:
                report.notFixed.append(.init(path: path, reason: .wouldNotParse))
            case .refused(let reason):
                report.notFixed.append(.init(path: path, reason: .refused(reason)))
            case .writeFailed(let reason):
                report.notFixed.append(.init(path: path, reason: .writeFailed(reason)))
            }
        }
        return report
    }
}
