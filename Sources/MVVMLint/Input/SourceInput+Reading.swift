import Foundation

/// The one reader of source text: linting, the cache, parse-only runs, fixes and reports all
/// read a source through it, so they agree on what a file's text is.
extension SourceInput {
    /// A source's text, or why it cannot be linted.
    enum Reading {
        /// The UTF-8 bytes, a leading byte-order mark left out.
        case text([UInt8])
        /// The notice saying why the file is skipped.
        case unreadable(Diagnostic)
    }

    /// The input's text: the one in memory, or the file's as it is now.
    func read() -> Reading {
        switch content {
        case .text(let text): .text(Array(text.utf8))
        case .file(let file): Self.read(file: file)
        }
    }

    /// Reads the source file `path` as discovery finds it: a regular file of at most
    /// ``FileDiscovery/sizeLimit`` bytes, valid UTF-8, its byte-order mark left out.
    static func read(file path: String) -> Reading {
        var bytes: [UInt8]
        do {
            bytes = try RegularFileReader.read(path, limit: FileDiscovery.sizeLimit)
        } catch {
            // Said once, here: the limit is about memory, not about the file being wrong.
            let most = SourceSizeLimit.isLowered
                ? ", the most a source file may be under this run's memory limit (ulimit -v)"
                : ", the most a source file may be (its syntax tree would take over a gigabyte)"
            let why = error.problem.hasPrefix("is larger than") ? most : ""
            return .unreadable(FileDiscovery.notice(path, "\(error.problem)\(why); skipped"))
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
        }
        // Validation only: the bytes are what the parser reads.
        guard bytes.withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) != nil else {
            return .unreadable(FileDiscovery.notice(path, "is not UTF-8 text; skipped"))
        }
        return .text(bytes)
    }

    /// The text of the source file at `path` as a run reads it, or `nil` when it cannot be
    /// linted: what a report quotes from a file it names.
    public static func text(ofFile path: String) -> String? {
        guard case .text(let bytes) = read(file: path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
