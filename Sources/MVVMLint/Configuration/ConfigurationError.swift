/// A configuration file that cannot be used, with where and why.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The config file.
    public var path: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column, when known.
    public var column: Int?
    /// What is wrong and, where possible, what was probably meant.
    public var message: String

    /// Creates an error.
    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: error: message`, as compilers print it.
    public var description: String {
        var location = path
        if let line {
            location += ":\(line)"
            if let column {
                location += ":\(column)"
            }
        }
        return "\(location): error: \(message)"
    }
}
