/// A file that could not be read or written, with why; the description names the file.
public struct FileAccessError: Error, Equatable, CustomStringConvertible {
    /// The file as it was named.
    public var path: String
    /// What went wrong, as a phrase that follows the path ("is a folder").
    public var problem: String

    /// Creates an error.
    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    /// `'path' problem`, the path with its control characters escaped.
    public var description: String {
        "'\(PrintableText.escaping(path))' \(problem)"
    }
}
