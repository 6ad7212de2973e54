import SwiftSyntax

/// Reads `mvvm:disable` comments into a ``SuppressionTable``.
///
/// Forms: `// mvvm:disable id[, id...]` until `// mvvm:enable id[, id...]` (or the end of the
/// file), `// mvvm:disable:next id` for the next line, `// mvvm:disable:this id` for the comment's
/// own line. `all` stands for every rule.
struct SuppressionParser {
    /// The ids a comment may name; `nil` accepts any (another tool knows the rest).
    let knownRuleIDs: Set<String>?

    func parse(
        _ tree: SourceFileSyntax,
        source: SourceText,
        path: String
    ) -> (SuppressionTable, [Diagnostic]) {
        var table = SuppressionTable()
        var notices: [Diagnostic] = []
        var open: [String: Int] = [:]

        for (text, position) in comments(in: tree) {
            guard let directive = Directive(comment: text) else { continue }
            let location = source.location(of: position)
            var ids: Set<String> = []
            for id in directive.ruleIDs {
                guard let knownRuleIDs, id != "all", !knownRuleIDs.contains(id) else {
                    ids.insert(id)
                    continue
                }
                let suggestion = NameSuggestion.closest(to: id, in: knownRuleIDs).map { " Did you mean '\($0)'?" } ?? ""
                notices.append(Diagnostic(
                    path: path, line: location.line, column: location.column,
                    ruleID: Notice.invalidSuppression.rawValue, severity: .warning,
                    message: "Unknown rule '\(id)' in an mvvm:\(directive.kind.rawValue) comment.\(suggestion)"
                ))
            }
            let scope: Set<String>? = ids.contains("all") ? nil : ids
            switch directive.kind {
            case .this:
                if !ids.isEmpty {
                    table.regions.append(.init(ruleIDs: scope, firstLine: location.line, lastLine: location.line))
                }
            case .next:
                if !ids.isEmpty {
                    table.regions.append(.init(ruleIDs: scope, firstLine: location.line + 1, lastLine: location.line + 1))
                }
            case .disable:
                for id in ids where open[id] == nil {
                    open[id] = location.line
                }
            case .enable:
                let closing = ids.contains("all") || directive.ruleIDs.isEmpty ? Set(open.keys) : ids
                for id in closing {
                    if let start = open.removeValue(forKey: id) {
                        table.regions.append(.init(ruleIDs: id == "all" ? nil : [id], firstLine: start, lastLine: location.line))
                    }
                }
            }
        }
        for (id, start) in open {
            table.regions.append(.init(ruleIDs: id == "all" ? nil : [id], firstLine: start, lastLine: .max))
        }
        return (table, notices)
    }

    /// Every comment in the file with the position where it starts.
    private func comments(in tree: SourceFileSyntax) -> [(String, AbsolutePosition)] {
        var found: [(String, AbsolutePosition)] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var position = token.position
            for piece in token.leadingTrivia {
                collect(piece, at: position, into: &found)
                position += piece.sourceLength
            }
            position = token.endPositionBeforeTrailingTrivia
            for piece in token.trailingTrivia {
                collect(piece, at: position, into: &found)
                position += piece.sourceLength
            }
        }
        return found
    }

    private func collect(_ piece: TriviaPiece, at position: AbsolutePosition, into found: inout [(String, AbsolutePosition)]) {
        switch piece {
        case .lineComment(let text), .blockComment(let text):
            if text.contains("mvvm:") {
                found.append((text, position))
            }
        default:
            break
        }
    }
}

private struct Directive {
    enum Kind: String {
        case disable, enable
        case next = "disable:next"
        case this = "disable:this"
    }

    let kind: Kind
    let ruleIDs: [String]

    init?(comment: String) {
        var body = Substring(comment)
        for opener in ["//", "/*"] where body.hasPrefix(opener) {
            body = body.dropFirst(2)
        }
        if body.hasSuffix("*/") {
            body = body.dropLast(2)
        }
        body = body.drop { $0 == " " || $0 == "\t" || $0 == "/" }
        guard body.hasPrefix("mvvm:") else { return nil }
        body = body.dropFirst("mvvm:".count)
        let head = body.prefix { !$0.isWhitespace }
        guard let kind = Kind(rawValue: String(head)) else { return nil }
        self.kind = kind
        // Anything after ` - ` is a reason for the reader.
        let list = body.dropFirst(head.count).split(separator: " - ", maxSplits: 1).first ?? ""
        ruleIDs = list.split { $0 == "," || $0.isWhitespace }.map(String.init).filter { !$0.isEmpty }
    }
}
