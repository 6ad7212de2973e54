import SwiftSyntax

/// A replacement of a byte range of a file, made from syntax positions (never from text
/// searches), which is how `--fix` corrects a violation.
public struct TextEdit: Hashable, Codable, Sendable, Comparable {
    /// The UTF-8 offset where the replaced range starts.
    public var offset: Int
    /// How many bytes are replaced (0 for an insertion).
    public var length: Int
    /// The new text.
    public var replacement: String

    /// Creates an edit.
    public init(offset: Int, length: Int, replacement: String) {
        self.offset = offset
        self.length = length
        self.replacement = replacement
    }

    /// Inserts `text` at `position`.
    public static func insert(_ text: String, at position: AbsolutePosition) -> TextEdit {
        TextEdit(offset: position.utf8Offset, length: 0, replacement: text)
    }

    /// Replaces a token's text (not its trivia) with `text`.
    public static func replace(_ token: TokenSyntax, with text: String) -> TextEdit {
        TextEdit(offset: token.positionAfterSkippingLeadingTrivia.utf8Offset, length: token.trimmedLength.utf8Length, replacement: text)
    }

    public static func < (lhs: TextEdit, rhs: TextEdit) -> Bool {
        (lhs.offset, lhs.length, lhs.replacement) < (rhs.offset, rhs.length, rhs.replacement)
    }
}

extension TextEdit: BinaryCodable {
    static let schema = ["offset: Int", "length: Int", "replacement: String"]

    func write(to writer: inout BinaryWriter) {
        writer.int(offset); writer.int(length); writer.string(replacement)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(offset: try reader.lineOrOffset(), length: try reader.lineOrOffset(), replacement: try reader.string())
    }
}
