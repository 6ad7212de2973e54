/// The lines on which `// mvvm:disable` comments switch rules off in one file.
public struct SuppressionTable: Codable, Sendable, Hashable {
    struct Region: Codable, Sendable, Hashable {
        /// `nil` means every rule.
        var ruleIDs: Set<String>?
        var firstLine: Int
        var lastLine: Int
    }

    var regions: [Region] = []

    /// Whether `ruleID` is switched off on `line`.
    public func suppresses(_ ruleID: String, onLine line: Int) -> Bool {
        regions.contains { region in
            region.firstLine <= line && line <= region.lastLine
                && (region.ruleIDs == nil || region.ruleIDs!.contains(ruleID))
        }
    }
}

extension SuppressionTable.Region: BinaryCodable {
    static let schema = ["ruleIDs: Optional<Set<String>>", "firstLine: Int", "lastLine: Int"]

    func write(to writer: inout BinaryWriter) {
        writer.optional(ruleIDs.map { $0.sorted() }) { $0.strings($1) }
        writer.int(firstLine); writer.int(lastLine)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        let ids = try reader.optional { reader throws(BinaryReader.Damaged) in Set(try reader.strings()) }
        self.init(ruleIDs: ids, firstLine: try reader.lineOrOffset(), lastLine: try reader.int(in: 0...Int.max))
    }
}
