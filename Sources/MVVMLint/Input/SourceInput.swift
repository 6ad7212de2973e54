/// One file to lint: the path to report it under, and where its text comes from.
///
/// A lint run over a folder passes files by path: each is read by the worker that parses it and
/// dropped once its facts are taken, so memory does not grow with the number of files. Text
/// already in memory (an editor's buffer, a test's string) is passed as it is.
public struct SourceInput: Sendable {
    /// Where a file's text comes from.
    public enum Content: Sendable {
        /// Text already in memory.
        case text(String)
        /// The file at this path, read when it is linted; unreadable or non-UTF-8 files are
        /// reported as notices, as discovery reports them.
        case file(String)
    }

    /// The path diagnostics name.
    public var path: String
    /// Where the text comes from.
    public var content: Content
    /// The file's stamp, taken before it was read: for text in memory, the one the cache keeps;
    /// for a file read by path, the one discovery took, which tells a re-run that the file is
    /// unchanged (a file the linter reads takes its own).
    public var stamp: FileStamp?

    /// Creates an input whose text is in memory.
    public init(path: String, text: String, stamp: FileStamp? = nil) {
        self.path = path
        content = .text(text)
        self.stamp = stamp
    }

    /// Creates an input read from `file` (by default `path`) when it is linted.
    public init(path: String, file: String? = nil) {
        self.path = path
        content = .file(file ?? path)
    }

    /// Creates an input read from `path` when it is linted, with the stamp discovery took.
    init(path: String, stamp: FileStamp?) {
        self.path = path
        content = .file(path)
        self.stamp = stamp
    }

    /// The text: the one in memory, or the file's as it is now (empty if it cannot be read as
    /// UTF-8). Setting it puts the text in memory.
    public var text: String {
        get {
            switch content {
            case .text(let text): text
            case .file(let file): Self.text(ofFile: file) ?? ""
            }
        }
        set {
            content = .text(newValue)
        }
    }
}
