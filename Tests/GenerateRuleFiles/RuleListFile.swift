import Foundation
import RuleDeclarations

/// `Sources/MVVMLint/Rules/BuiltInRules.swift`'s list: one group a rules folder, headed by a
/// `// group` comment, one `Name.self,` line a rule.
///
/// Rules already listed keep their place (the list's order is the rule book's); a new rule joins
/// the end of its folder's group; a rule whose type is gone leaves the list.
struct RuleListFile {
    /// The folders under `Rules/` and the comment that heads each one's group, in the list's order.
    static let groups = [("Common", "common"), ("Triad", "triad"), ("Responder", "responder")]

    /// The rules folder, which holds the list's file and a folder per group.
    var rulesFolder: URL

    /// The list's file.
    var file: URL { rulesFolder.appendingPathComponent("BuiltInRules.swift") }

    /// The file's text with the list written from the rule types the group folders declare.
    func text(updating current: String) throws -> String {
        let lines = current.components(separatedBy: "\n")
        let (listed, range) = try Self.listedRules(in: lines)
        let indent = String(lines[range.lowerBound].prefix { $0 == " " })
        var written: [String] = []
        for (folder, group) in Self.groups {
            let declared = try RuleDeclarations.names(under: rulesFolder.appendingPathComponent(folder))
            let kept = (listed[group] ?? []).filter(declared.contains)
            let added = declared.filter { !kept.contains($0) }
            written.append("\(indent)// \(group)")
            written += (kept + added).map { "\(indent)\($0).self," }
        }
        return (lines[..<range.lowerBound] + written + lines[(range.upperBound + 1)...]).joined(separator: "\n")
    }

    /// The rules listed under each group comment, and the lines from the first comment or entry
    /// to the last.
    private static func listedRules(in lines: [String]) throws -> ([String: [String]], ClosedRange<Int>) {
        let groupNames = Set(groups.map(\.1))
        var listed: [String: [String]] = [:]
        var current: String?
        var first: Int?, last: Int?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let comment = trimmed.hasPrefix("//") ? trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces) : nil
            if let comment, groupNames.contains(comment) {
                current = comment
            } else if let current, let entry = entry(trimmed) {
                listed[current, default: []].append(entry)
            } else {
                continue
            }
            first = first ?? index
            last = index
        }
        guard let first, let last else {
            throw GenerationFailure("no rule list with group comments in Sources/MVVMLint/Rules/BuiltInRules.swift")
        }
        return (listed, first...last)
    }

    /// `Name` from a line `Name.self,`.
    private static func entry(_ trimmed: String) -> String? {
        guard trimmed.hasSuffix(".self,") else { return nil }
        let name = trimmed.dropLast(".self,".count)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(name)
    }
}

/// Why the files could not be generated.
struct GenerationFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
