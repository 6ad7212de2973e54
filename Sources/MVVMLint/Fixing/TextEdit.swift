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

extension FileContext {
    /// Inserts a line holding `text` above the line of `node`, indented like it: how an
    /// attribute such as `@MainActor` is added to a declaration.
    public func insertLine(_ text: String, above node: some SyntaxProtocol) -> TextEdit {
        let position = node.positionAfterSkippingLeadingTrivia
        let column = source.location(of: position).column
        let lineStart = position.utf8Offset - (column - 1)
        let indentation = source.bytes[lineStart..<position.utf8Offset].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        // Only when the node starts its line; otherwise the text goes in front of it.
        guard indentation.count == column - 1 else {
            return .insert(text + " ", at: position)
        }
        return .insert(text + "\n" + String(decoding: indentation, as: UTF8.self), at: position)
    }

    /// Makes a declaration's access `keyword`: replaces the access modifier it has, or inserts
    /// one before `introducer` (its `var`, `let`, `class`...).
    public func setAccess(_ keyword: String, modifiers: DeclModifierListSyntax, before introducer: TokenSyntax) -> TextEdit {
        for modifier in modifiers where modifier.detail == nil {
            if case .keyword(let existing) = modifier.name.tokenKind,
               [.private, .fileprivate, .internal, .package, .public, .open].contains(existing) {
                return .replace(modifier.name, with: keyword)
            }
        }
        return .insert(keyword + " ", at: introducer.positionAfterSkippingLeadingTrivia)
    }
}
