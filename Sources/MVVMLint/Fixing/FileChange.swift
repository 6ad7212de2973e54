import Foundation

/// A file's text before and after a fix: what `mvvm lint --fix --dry-run` shows instead of
/// writing. A fix pass works one out per file, so a fix that spans files gives one per file.
public struct FileChange: Sendable, Equatable {
    /// The file, as reports name it.
    public var path: String
    /// The text the file holds now (after any byte-order mark, which a fix keeps).
    public var old: String
    /// The text the fix would write.
    public var new: String
    /// Whether the file starts with a byte-order mark, which both texts follow.
    public var byteOrderMark: Bool

    /// Creates a change of the file at `path` from `old` to `new`, both after a byte-order mark
    /// when `byteOrderMark`.
    public init(path: String, old: String, new: String, byteOrderMark: Bool = false) {
        self.path = path
        self.old = old
        self.new = new
        self.byteOrderMark = byteOrderMark
    }

    /// Whether the file at `path` starts with a UTF-8 byte-order mark (`false` if it cannot be read).
    static func startsWithByteOrderMark(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 3)) == Data([0xEF, 0xBB, 0xBF])
    }

    /// The change as a unified diff (`--- a/PATH`, `+++ b/PATH`, `@@` hunks with three lines of
    /// context), which `patch -p1` applies from the folder the paths are relative to. Control
    /// characters of the path and of the lines are written as `\u{…}` escapes, except a tab
    /// and the carriage return of a CRLF line ending: a hunk whose lines hold one shows what the
    /// file holds without moving a terminal's cursor, and `patch` refuses it rather than
    /// writing the escape.
    public var unifiedDiff: String {
        UnifiedDiff(old: old, new: new).text(path: path, byteOrderMark: byteOrderMark)
    }
}
