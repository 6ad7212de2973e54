import Foundation
import SwiftParser

/// Applies the edits of fixable diagnostics to files on disk, safely: the file must be unchanged
/// since it was linted, the result must parse with no new errors, and it is written atomically
/// (temporary file in the same folder, permissions kept, then renamed over the original).
public struct FileFixer {
    /// What happened to one file.
    public enum Outcome: Equatable, Sendable {
        /// The file was rewritten with this many edits.
        case fixed(edits: Int)
        /// The file changed on disk after it was read; it was left alone.
        case changedOnDisk
        /// The edited text would not parse; the file was left alone.
        case wouldNotParse
        /// Writing failed; the file is as it was.
        case writeFailed(String)
    }

    /// Creates a fixer.
    public init() {}

    /// Applies `edits` to the text `original` (overlapping edits after the first are skipped).
    public static func apply(_ edits: [TextEdit], to original: String) -> String {
        var bytes = Array(original.utf8)
        var applied: [TextEdit] = []
        for edit in Set(edits).sorted() {
            if let last = applied.last, edit.offset < last.offset + last.length { continue }
            guard edit.offset >= 0, edit.offset + edit.length <= bytes.count else { continue }
            applied.append(edit)
        }
        // Back to front, so earlier offsets stay valid.
        for edit in applied.reversed() {
            bytes.replaceSubrange(edit.offset..<(edit.offset + edit.length), with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Fixes the file at `path`, which had the text `linted` when it was linted.
    public func fix(path: String, linted: String, edits: [TextEdit]) -> Outcome {
        guard let data = FileManager.default.contents(atPath: path), String(decoding: data, as: UTF8.self) == linted else {
            return .changedOnDisk
        }
        let fixed = Self.apply(edits, to: linted)
        guard fixed != linted else { return .fixed(edits: 0) }
        // The original is parsed again only when the result has errors, to tell new ones from old.
        if Parser.parse(source: fixed).hasError && !Parser.parse(source: linted).hasError {
            return .wouldNotParse
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).mvvm-fix-\(UUID().uuidString)")
        do {
            try Data(fixed.utf8).write(to: temporary)
            if let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
            // A last look: the file may have changed while the fix was made.
            guard FileManager.default.contents(atPath: path) == data else {
                try? FileManager.default.removeItem(at: temporary)
                return .changedOnDisk
            }
            guard rename(temporary.path, path) == 0 else {
                throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return .writeFailed((error as NSError).localizedDescription)
        }
        return .fixed(edits: Set(edits).count)
    }
}
