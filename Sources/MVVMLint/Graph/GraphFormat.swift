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
}

/// How a text format spells each part of a graph. ``render(_:)`` writes the parts in one order
/// for every format: view models, hosts, views, host links, parent-to-child links, responder
/// links, then the findings as comments.
protocol GraphSyntax {
    /// The lines before the graph's parts.
    static var opening: [String] { get }
    /// The lines after them.
    static var closing: [String] { get }
    /// What starts a comment line.
    static var commentPrefix: String { get }
    static func viewModel(_ name: String) -> String
    static func host(_ name: String) -> String
    static func view(_ view: String, renders model: String) -> [String]
    static func link(host: String, to model: String) -> String
    /// A parent-to-child link, labelled with the members that hold or make the child.
    static func edge(from parent: String, to child: String, label: String) -> String
    /// A responder link going up, labelled with the actions it carries.
    static func responder(from child: String, to parent: String, label: String) -> String
}

extension GraphSyntax {
    static func render(_ graph: ViewModelGraph) -> String {
        var lines = opening
        lines += graph.nodes.map { viewModel($0.name) }
        lines += graph.hosts.map { host($0.name) }
        for node in graph.nodes {
            lines += node.views.flatMap { view($0, renders: node.name) }
        }
        for host in graph.hosts {
            lines += host.viewModels.map { link(host: host.name, to: $0) }
        }
        lines += graph.edges.map { edge(from: $0.parent, to: $0.child, label: $0.via.joined(separator: ", ")) }
        lines += graph.responders.map { responder(from: $0.child, to: $0.parent, label: $0.actions.joined(separator: ", ")) }
        lines += closing
        lines += graph.findingLines.map { commentPrefix + $0 }
        return lines.joined(separator: "\n") + "\n"
    }
}
