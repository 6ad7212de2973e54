import SwiftSyntax

/// The first syntax error of a file that does not parse, found and worded in time proportional
/// to the tree's depth.
///
/// swift-syntax's diagnostics generator is not used: it compares every diagnostic with every
/// node already handled (minutes on a file of many thousand errors), and on some damaged files
/// it builds a Fix-It without changes, which traps in a release build and ends the whole run.
/// The notice only needs where the first error is and a short description of it.
struct SyntaxErrorSummary {
    /// Where the first error is: for a missing token, the end of the token before it (where the
    /// compiler points); otherwise the start of the unexpected code.
    let position: AbsolutePosition
    /// A short description: `expected '}' to end struct`, `unexpected code in class`.
    let message: String

    /// The first error in `tree`, which must have one (`tree.hasError`).
    init(_ tree: SourceFileSyntax) {
        let leaf = Self.firstErrorLeaf(in: Syntax(tree))
        let context = Self.enclosingName(of: leaf)
        if let token = leaf.as(TokenSyntax.self), token.presence == .missing {
            position = token.previousToken(viewMode: .sourceAccurate)?.endPositionBeforeTrailingTrivia
                ?? token.positionAfterSkippingLeadingTrivia
            let expected = Self.describe(missing: token)
            if let context, Self.closingTokens.contains(token.tokenKind) {
                message = "expected \(expected) to end \(context)"
            } else if let context {
                message = "expected \(expected) in \(context)"
            } else {
                message = "expected \(expected)"
            }
        } else {
            position = leaf.positionAfterSkippingLeadingTrivia
            message = context.map { "unexpected code in \($0)" } ?? "unexpected code"
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

    /// Tokens that close a bracketed construct; a missing one "ends" its construct.
    private static let closingTokens: Set<TokenKind> = [.rightBrace, .rightParen, .rightSquare, .rightAngle]

    /// How many parents are looked at for a name: enough to get from a missing brace through its
    /// member block to the declaration.
    private static let contextSearchDepth = 4

    /// What a missing token would have been, quoted when it has a fixed spelling.
    private static func describe(missing token: TokenSyntax) -> String {
        if !token.text.isEmpty {
            return "'\(token.text)'"
        }
        switch token.tokenKind {
        case .identifier: return "a name"
        case .integerLiteral, .floatLiteral: return "a number"
        case .stringSegment: return "text"
        default: return "code"
        }
    }

    /// The name of the nearest construct around `node` that a reader knows by name.
    private static func enclosingName(of node: Syntax) -> String? {
        var current = node.parent
        for _ in 0..<contextSearchDepth {
            guard let candidate = current else { return nil }
            if let name = constructNames[candidate.kind] {
                return name
            }
            if candidate.is(CodeBlockItemSyntax.self) || candidate.is(MemberBlockItemSyntax.self) {
                return nil
            }
            current = candidate.parent
        }
        return nil
    }

    private static let constructNames: [SyntaxKind: String] = [
        .structDecl: "struct", .classDecl: "class", .enumDecl: "enum", .actorDecl: "actor",
        .protocolDecl: "protocol", .extensionDecl: "extension", .functionDecl: "function",
        .initializerDecl: "initializer", .deinitializerDecl: "deinitializer", .subscriptDecl: "subscript",
        .variableDecl: "variable", .accessorBlock: "accessor block", .closureExpr: "closure",
        .functionCallExpr: "function call", .functionParameterClause: "parameter clause",
        .arrayExpr: "array", .dictionaryExpr: "dictionary", .tupleExpr: "tuple",
        .genericParameterClause: "generic parameter clause", .genericArgumentClause: "generic argument clause",
        .ifExpr: "'if' statement", .guardStmt: "'guard' statement", .switchExpr: "'switch' statement",
        .forStmt: "'for' loop", .whileStmt: "'while' loop", .repeatStmt: "'repeat' loop", .doStmt: "'do' statement",
        .stringLiteralExpr: "string literal", .attribute: "attribute", .macroExpansionExpr: "macro expansion",
        .ifConfigDecl: "conditional compilation block",
    ]
}
