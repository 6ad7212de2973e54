/// The ways `mvvm graph` writes a ``ViewModelGraph``.
public enum GraphFormat: String, CaseIterable, Sendable {
    /// A Mermaid flowchart, which GitHub renders in Markdown.
    case mermaid
    /// Graphviz DOT.
    case dot
    /// JSON for other tools; its shape is documented in `docs/graph.md`.
    case json

    /// The graph written in this format, ending with a newline.
    public func render(_ graph: ViewModelGraph) -> String {
        switch self {
        case .mermaid: MermaidGraph.render(graph)
        case .dot: DotGraph.render(graph)
        case .json: JSONGraph.render(graph)
        }
    }
}

extension ViewModelGraph {
    /// The lists after the graph, one line each, for formats that carry them as comments.
    var findingLines: [String] {
        var lines: [String] = []
        for cycle in cycles {
            lines.append("cycle: " + (cycle + [cycle[0]]).joined(separator: " -> "))
        }
        for item in unresolved {
            lines.append("unresolved: \(item.owner).\(item.member) names \(item.typeName), which the linted files do not declare")
        }
        for name in uncreated {
            lines.append("created by no view model or host: \(name)")
        }
        for name in unhandled {
            lines.append("responder actions with no handler in sight: \(name)")
        }
        return lines
    }

    /// The text of a responder link's label: its actions.
    func label(of link: ResponderLink) -> String {
        link.actions.joined(separator: ", ")
    }
}
