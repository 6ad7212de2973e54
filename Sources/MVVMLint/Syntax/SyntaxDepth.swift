import SwiftParser
import SwiftSyntax

/// The depth of syntax trees, checked after parsing and before anything walks them: swift-syntax's
/// visitors, `description` and the rules recurse once per level, and some shapes the parser
/// reads in a loop (`a.b.c...`, `f()()()...`, `x!!!...`) make a tree as deep as they are long.
enum SyntaxDepth {
    /// The deepest tree the rules walk. Real code stays under a few hundred levels; a worker's
    /// stack (``WorkerThreads/stackSize``) holds a walk of this depth with room to spare.
    static let maximum = 4_000

    /// Levels a subtree can have per byte of its text, at most: every level below a node
    /// either holds a token of its own or is one of the few wrappers (list, element,
    /// expression) around one, so a short subtree cannot be deep. The densest shapes (nested
    /// array literals, closures, tuples) take three levels per byte; the test of this bound
    /// checks every node of every deep shape. Were it ever exceeded, the subtree skipped is at
    /// most `maximum / levelsPerByte` bytes long, far too short to exhaust a worker's stack.
    static let levelsPerByte = 6

    /// The first node (in a depth-first walk) deeper than `limit` levels below `root`, or `nil`
    /// if there is none. Iterative, and it only descends into subtrees long enough to be that
    /// deep, so on ordinary files it looks at a few nodes along the long spines only.
    static func firstNode(deeperThan limit: Int = maximum, in root: some SyntaxProtocol) -> Syntax? {
        var pending: [(node: Syntax, depth: Int)] = [(Syntax(root), 1)]
        while let (node, depth) = pending.popLast() {
            if depth > limit {
                return node
            }
            for child in node.children(viewMode: .all).reversed() {
                // Whether the child's subtree can reach past the limit at all.
                if depth + 1 + levelsPerByte * (child.totalLength.utf8Length + 1) > limit {
                    pending.append((child, depth + 1))
                }
            }
        }
        return nil
    }

    /// Parses `text` with the parser's nesting limit set to ``SourceScreen/maximumNesting``, the
    /// same in debug and release builds (swift-syntax's default differs between them).
    static func parse(_ bytes: [UInt8]) -> SourceFileSyntax {
        bytes.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: SourceScreen.maximumNesting + 1) }
    }

    /// Parses `text` as ``parse(_:)`` does, and returns the tree only when it is shallow enough
    /// for a recursive walk: for the side files (manifests, fixed text) read outside the
    /// workers' large stacks.
    static func parseShallow(_ text: String) -> SourceFileSyntax? {
        let tree = parse(Array(text.utf8))
        return firstNode(in: tree) == nil ? tree : nil
    }
}
