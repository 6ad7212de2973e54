import Foundation

/// JSON as every JSON output of the linter writes it (the `json` and `sarif` reports, the JSON
/// graph): keys sorted and indented, so the same findings always give the same bytes; `/` left
/// as it is; characters that hide or reorder text written as escapes; a newline at the end.
enum JSONOutput {
    /// `value` as JSON text.
    ///
    /// - Throws: the encoder's error when `value` cannot be encoded (a number JSON cannot hold).
    static func text(of value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return PrintableText.escapingHidden(inJSON: String(decoding: data, as: UTF8.self)) + "\n"
    }
}
