#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension FileFixer {
    /// What would keep ``fix(path:linted:edits:)`` from writing the file at `path`, found without
    /// opening it for writing, or `nil` when nothing would: it is a writable regular file, holds
    /// `linted` (after any byte-order mark) when `readsFile`, and the fixed text parses. A fix that
    /// spans files checks all its files this way before it writes the first; a dry run checks
    /// without `readsFile`, its texts being those the run just hashed. A path with no file (a text
    /// given in memory) is checked by its text alone when nothing is read.
    static func check(path: String, linted: String, edits: [TextEdit], readsFile: Bool) -> Outcome? {
        var info = stat()
        if stat(path, &info) == 0 {
            if let refusal = refusal(info, path: path) { return .refused(refusal) }
        } else if readsFile {
            return .changedOnDisk
        }
        if readsFile {
            guard let bytes = try? RegularFileReader.read(path, limit: FileDiscovery.sizeLimit + byteOrderMark.count) else {
                return .changedOnDisk
            }
            let text = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(byteOrderMark.count) : bytes[...]
            guard text.elementsEqual(linted.utf8) else { return .changedOnDisk }
        }
        let fixed = apply(edits, to: linted)
        guard fixed == linted || parses(fixed, asWellAs: linted) else { return .wouldNotParse }
        return nil
    }
}
