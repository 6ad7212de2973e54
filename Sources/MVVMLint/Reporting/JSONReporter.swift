import Foundation

/// A stable JSON array: keys sorted, one object per diagnostic.
struct JSONReporter: Reporter {
    func render(_ diagnostics: [Diagnostic]) throws(ReportError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(diagnostics)
        } catch {
            throw ReportError(kind: .json, reason: "\(error)")
        }
        return PrintableText.escapingHidden(inJSON: String(decoding: data, as: UTF8.self)) + "\n"
    }
}
