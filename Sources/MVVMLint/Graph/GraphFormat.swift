/// The ways `mvvm graph` writes a ``ViewModelGraph``.
public enum GraphFormat: String, CaseIterable, Sendable {
    /// A Mermaid flowchart, which GitHub renders in Markdown.
    case mermaid
    /// Graphviz DOT.
    case dot
    /// JSON for other tools; its shape is documented in `docs/graph.md`.
    case json

    /// The graph written in this format, ending with a newline.
    ///
    /// - Throws: the JSON encoder's error when the JSON graph cannot be encoded; the text
    ///   formats cannot fail.
    public func render(_ graph: ViewModelGraph) throws -> String {
        switch self {
        case .mermaid: MermaidGraph.render(graph)
        case .dot: DotGraph.render(graph)
        case .json: try JSONGraph.render(graph)
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
    /// A view model's or a host's node.
    static func node(_ name: String, isHost: Bool) -> String
    /// A view's node and its line to the view model it renders.
    static func view(_ view: String, renders model: String) -> [String]
    /// An arrow from `start` to `end`.
    static func arrow(from start: String, to end: String, _ kind: GraphArrow) -> String
}

/// What an arrow of the graph stands for.
enum GraphArrow {
    /// A host making or holding a view model.
    case hostLink
    /// A parent-to-child link, labelled with the members that hold or make the child.
    case child(via: String)
    /// A responder link going up, labelled with the actions it carries.
    case responder(actions: String)
}

extension GraphSyntax {
    static func render(_ graph: ViewModelGraph) -> String {
        var lines = opening
        lines += graph.nodes.map { node($0.name, isHost: false) }
        lines += graph.hosts.map { node($0.name, isHost: true) }
        for node in graph.nodes {
            lines += node.views.flatMap { view($0, renders: node.name) }
        }
        for host in graph.hosts {
            lines += host.viewModels.map { arrow(from: host.name, to: $0, .hostLink) }
        }
        lines += graph.edges.map { arrow(from: $0.parent, to: $0.child, .child(via: $0.via.joined(separator: ", "))) }
        lines += graph.responders.map { arrow(from: $0.child, to: $0.parent, .responder(actions: $0.actions.joined(separator: ", "))) }
        lines += closing
        lines += graph.findingLines.map { commentPrefix + $0 }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension GraphArrow {
    /// Whether the arrow carries responder actions up to a parent.
    var isResponder: Bool {
        if case .responder = self { true } else { false }
    }

    /// The members or actions the arrow is labelled with; `nil` for a host's link.
    var caption: String? {
        switch self {
        case .hostLink: nil
        case .child(let caption), .responder(let caption): caption
        }
    }
}
