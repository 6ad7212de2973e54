import SwiftParserDiagnostics
import SwiftSyntax

/// The first syntax error of a file that does not parse, found in time proportional to the
/// tree's depth. swift-syntax's diagnostics generator compares every diagnostic with every node
/// already handled, so a file of many thousand errors (`[a: a: a: …]`, `#a#a#a…`) takes minutes;
/// it runs here only on a part of the tree with few errors.
struct SyntaxErrorSummary {
    /// Where the first error is.
    let position: AbsolutePosition
    /// What the compiler would say about it, or a plain description when that costs too much.
    let message: String

    /// The most errors a tree handed to the diagnostics generator may have.
    static let maximumErrorsDescribed = 50

    /// The first error in `tree`, which must have one (`tree.hasError`).
    init(_ tree: SourceFileSyntax) {
        let leaf = Self.firstErrorLeaf(in: Syntax(tree))
        // The generator on the smallest scope that gives its messages their context: the
        // whole file if it has few errors, else the statement or member around the first one.
        var scope: Syntax? = Self.errorCount(in: Syntax(tree), upTo: Self.maximumErrorsDescribed + 1) <= Self.maximumErrorsDescribed
            ? Syntax(tree) : nil
        if scope == nil {
            var current: Syntax? = leaf
            while let node = current, !node.is(CodeBlockItemSyntax.self) && !node.is(MemberBlockItemSyntax.self) {
                current = node.parent
            }
            if let item = current, Self.errorCount(in: item, upTo: Self.maximumErrorsDescribed + 1) <= Self.maximumErrorsDescribed {
                scope = item
            }
        }
        if let scope, let first = ParseDiagnosticsGenerator.diagnostics(for: scope).min(by: { $0.position < $1.position }) {
            position = first.position
            message = first.message
            return
        }
        position = leaf.positionAfterSkippingLeadingTrivia
        if let token = leaf.as(TokenSyntax.self), token.presence == .missing {
            message = "expected '\(token.text)'"
        } else {
            message = "unexpected code"
        }
    }

    /// The first node, in source order, that has an error and no child with one: a missing
    /// token, an unexpected stretch of code, or a token the lexer could not read.
    static func firstErrorLeaf(in root: Syntax) -> Syntax {
        var node = root
        while let child = node.children(viewMode: .all).first(where: \.hasError) {
            node = child
        }
        return node
    }

    /// How many error leaves `root` has, counting no further than `limit`. Only subtrees with an
    /// error are entered, with a work list.
    static func errorCount(in root: Syntax, upTo limit: Int) -> Int {
        var count = 0
        var pending = [root]
        while let node = pending.popLast(), count < limit {
            let failing = node.children(viewMode: .all).filter(\.hasError)
            if failing.isEmpty {
                count += 1
            } else {
                pending += failing
            }
        }
        return count
    }
}
