/// The module generated tests `@testable import`: a Swift identifier, so that nothing but the
/// name can follow `import` (a `;` or a line break in it would add code to the test file).
public struct ModuleName: Hashable, Sendable, CustomStringConvertible {
    /// The name.
    public let text: String

    /// Checks `text`: letters (accented ones too, as in `café`), ASCII digits and underscores,
    /// not starting with a digit.
    public init(_ text: String) throws(ScaffoldError) {
        guard let first = text.first else {
            throw .invalidModule(text, reason: "it is empty")
        }
        guard text.allSatisfy(Self.isIdentifierCharacter) else {
            throw .invalidModule(text, reason: "use only letters, ASCII digits and underscores")
        }
        guard !first.isNumber else {
            throw .invalidModule(text, reason: "it starts with a digit")
        }
        self.text = text
    }

    /// The module SwiftPM makes of a target folder's name: each character that cannot be in an
    /// identifier becomes `_`, and a leading digit gets a `_` in front (`my-app` → `my_app`).
    public init(folderName: String) {
        var name = String(folderName.map { Self.isIdentifierCharacter($0) ? $0 : "_" })
        if name.first?.isNumber ?? true {
            name = "_" + name
        }
        text = name
    }

    public var description: String { text }

    /// The name as it follows `import`: a keyword (a module named `class`) in backticks.
    public var inImport: String {
        ScreenName.keywords.contains(text) ? "`\(text)`" : text
    }

    // Letters beyond ASCII are kept, as SwiftPM keeps them (`café` stays `café`); digits only
    // ASCII ones, since Swift takes no other digits in identifiers.
    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isASCII ? (character.isLetter || character.isNumber || character == "_") : character.isLetter
    }
}
