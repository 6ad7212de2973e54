/// A screen's name, checked to be a Swift type identifier that can prefix `View`, `ViewModel`
/// and the other generated names.
public struct ScreenName: Hashable, Sendable, CustomStringConvertible {
    /// The name as given.
    public let text: String

    /// Checks `text`: ASCII letters, digits and underscores, not starting with a digit, not a
    /// keyword, and without the `View` / `ViewModel` suffix the generator adds itself.
    public init(_ text: String) throws(ScaffoldError) {
        guard let first = text.first else {
            throw .invalidName(text, reason: "it is empty")
        }
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw .invalidName(text, reason: "use only ASCII letters, digits and underscores")
        }
        guard !first.isNumber else {
            throw .invalidName(text, reason: "it starts with a digit")
        }
        guard !Self.keywords.contains(text) else {
            throw .invalidName(text, reason: "it is a Swift keyword")
        }
        // The longest file made of it, `NAMEViewModelTests.swift`, is first written as a hidden
        // temporary beside its place (`.NAMEViewModelTests.swift.mvvm-new-UUID`), and a file
        // name has at most 255 bytes.
        guard text.utf8.count <= Self.maximumLength else {
            throw .invalidName(text, reason: "it is longer than \(Self.maximumLength) characters, too long for the file names made of it")
        }
        for suffix in ["ViewModel", "View"] where text.hasSuffix(suffix) && text.count > suffix.count {
            throw .invalidName(text, reason: "leave out the '\(suffix)' suffix; the generator adds it (try '\(text.dropLast(suffix.count))')")
        }
        self.text = text
    }

    public var description: String { text }

    /// The longest name accepted, in characters (ASCII, so bytes too).
    public static let maximumLength = 160

    /// Words a type may not be named (the language's keywords and reserved type names).
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]
}
