/// One failed expectation of the test kit: what went wrong, what to do, and the line of the test
/// that stated it.
public struct ExpectationFailure: Sendable, CustomStringConvertible {
    /// The message, written to be read in a test report: what differed and what to do about it.
    public let message: String
    /// The file of the failing expectation, as `#fileID` spells it (`Module/File.swift`).
    public let fileID: String
    /// The full path of that file, as `#filePath` gives it; XCTest attributes failures by it.
    public let filePath: StaticString
    /// The line of the failing expectation.
    public let line: Int
    /// The column of the failing expectation.
    public let column: Int

    /// Creates a failure at a place in a test.
    public init(message: String, fileID: String, filePath: StaticString, line: Int, column: Int) {
        self.message = message
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `File.swift:LINE: message`, the way a compiler or a test report prints it.
    public var description: String {
        "\(fileID):\(line): \(message)"
    }
}
