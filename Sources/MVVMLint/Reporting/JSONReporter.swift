import Foundation

/// A stable JSON array: keys sorted, one object per diagnostic.
struct JSONReporter {
    func render(_ diagnostics: [Diagnostic]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(diagnostics) else { return "[]\n" }
        return PrintableText.escapingHidden(inJSON: String(decoding: data, as: UTF8.self)) + "\n"
    }
}
