/// One file's text and the path to report it under.
public struct SourceInput: Sendable {
    /// The path diagnostics name.
    public var path: String
    /// The file's contents.
    public var text: String
    /// The file's stamp, taken before it was read, for the cache.
    public var stamp: FileStamp?

    /// Creates an input.
    public init(path: String, text: String, stamp: FileStamp? = nil) {
        self.path = path
        self.text = text
        self.stamp = stamp
    }
}
