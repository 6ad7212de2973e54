/// Writes a graph as a Mermaid flowchart: view models as boxes, views as rounded boxes, hosts as
/// hexagons; solid arrows for parent to child, thick arrows for responder actions going up,
/// dotted lines from a view to the view model it renders.
enum MermaidGraph {
    static func render(_ graph: ViewModelGraph) -> String {
        var lines = [
            "flowchart TD",
            "    %% --> holds or makes a child view model; ==> responder actions to the parent; -.- the view that renders it",
        ]
        for node in graph.nodes {
            lines.append("    \(id(node.name))[\"\(node.name)\"]")
        }
        for host in graph.hosts {
            lines.append("    \(id(host.name)){{\"\(host.name)\"}}")
        }
        for node in graph.nodes {
            for view in node.views {
                lines.append("    \(id(view))([\"\(view)\"]) -.- \(id(node.name))")
            }
        }
        for host in graph.hosts {
            for model in host.viewModels {
                lines.append("    \(id(host.name)) --> \(id(model))")
            }
        }
        for edge in graph.edges {
            lines.append("    \(id(edge.parent)) -->|\"\(edge.via.joined(separator: ", "))\"| \(id(edge.child))")
        }
        for link in graph.responders {
            lines.append("    \(id(link.child)) ==>|\"\(graph.label(of: link))\"| \(id(link.parent))")
        }
        lines += graph.findingLines.map { "%% " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A node id Mermaid accepts: letters, digits and underscores.
    static func id(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
