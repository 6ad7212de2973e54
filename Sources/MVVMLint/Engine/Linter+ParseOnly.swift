import SwiftSyntax

/// The parse-only passes the benchmark compares a lint run with.
extension Linter {
    /// Parses `sources` the way ``lint(_:configurationForFile:cache:reused:modules:)`` does, on the same workers, and does
    /// nothing else: the floor the benchmark compares a lint run with. Returns how many files
    /// have syntax errors.
    public func parseOnly(_ sources: [SourceInput]) -> Int {
        parseOnlySummary(sources).withSyntaxErrors
    }

    /// What a parse-only pass found.
    public struct ParseSummary: Sendable {
        /// How many files were read and parsed.
        public var files: Int
        /// How many of them have syntax errors.
        public var withSyntaxErrors: Int
    }

    /// Like ``parseOnly(_:)``, and also counts the files parsed: a file given by path that
    /// cannot be read is skipped. With `visitingEveryNode`, each tree a lint run would walk is
    /// then visited once, node by node, by a visitor that checks nothing: the floor of any
    /// analysis that walks swift-syntax's tree, which parse-only does not build nodes for.
    public func parseOnlySummary(_ sources: [SourceInput], visitingEveryNode: Bool = false) -> ParseSummary {
        let outcomes = concurrentMap(count: sources.count, jobs: jobs) { index -> Bool? in
            guard case .text(let bytes) = sources[index].read() else { return nil }
            guard SourceScreen.check(bytes) == nil else { return true }
            let tree = SyntaxDepth.parse(bytes)
            if visitingEveryNode, SyntaxDepth.firstNode(in: tree) == nil {
                EveryNodeVisitor(viewMode: .sourceAccurate).walk(tree)
            }
            return tree.hasError
        }
        return ParseSummary(files: outcomes.count { $0 != nil }, withSyntaxErrors: outcomes.count { $0 == true })
    }

    /// Visits every node and checks nothing, as the rules' walks visit the nodes they look at.
    private final class EveryNodeVisitor: SyntaxVisitor {}
}
