import SwiftSyntax

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
