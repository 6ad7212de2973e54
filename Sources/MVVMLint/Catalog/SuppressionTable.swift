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
