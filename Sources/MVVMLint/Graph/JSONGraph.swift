/// Writes a graph as JSON: keys sorted, arrays in the graph's sorted order, so the same code
/// always gives the same bytes. The shape is versioned by `formatVersion`.
enum JSONGraph {
    static let formatVersion = 1

    private struct Document: Encodable {
        var formatVersion: Int
        var viewModels: [ViewModelGraph.Node]
        var edges: [ViewModelGraph.Edge]
        var responders: [ViewModelGraph.ResponderLink]
        var hosts: [ViewModelGraph.Host]
        var findings: Findings
    }

    private struct Findings: Encodable {
        var cycles: [[String]]
        var unresolved: [ViewModelGraph.Unresolved]
        var uncreated: [String]
        var unhandled: [String]
    }

    /// - Throws: the encoder's error when the graph cannot be encoded.
    static func render(_ graph: ViewModelGraph) throws -> String {
        let document = Document(
            formatVersion: formatVersion, viewModels: graph.nodes, edges: graph.edges, responders: graph.responders,
            hosts: graph.hosts,
            findings: Findings(cycles: graph.cycles, unresolved: graph.unresolved, uncreated: graph.uncreated, unhandled: graph.unhandled)
        )
        // Names come from sources: characters that hide or reorder text are written as escapes,
        // as the JSON report writes them.
        return try JSONOutput.text(of: document)
    }
}
