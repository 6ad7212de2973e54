/// Writes a graph in Graphviz DOT, with the same shapes and arrows as the Mermaid chart.
enum DotGraph {
    static func render(_ graph: ViewModelGraph) -> String {
        var lines = [
            "digraph ViewModels {",
            "    rankdir=TB;",
            "    node [shape=box, fontname=\"Helvetica\"];",
            "    edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for node in graph.nodes {
            lines.append("    \(quoted(node.name));")
        }
        for host in graph.hosts {
            lines.append("    \(quoted(host.name)) [shape=hexagon];")
        }
        for node in graph.nodes {
            for view in node.views {
                lines.append("    \(quoted(view)) [shape=box, style=rounded];")
                lines.append("    \(quoted(view)) -> \(quoted(node.name)) [style=dotted, arrowhead=none];")
            }
        }
        for host in graph.hosts {
            for model in host.viewModels {
                lines.append("    \(quoted(host.name)) -> \(quoted(model));")
            }
        }
        for edge in graph.edges {
            lines.append("    \(quoted(edge.parent)) -> \(quoted(edge.child)) [label=\(quoted(edge.via.joined(separator: ", ")))];")
        }
        for link in graph.responders {
            lines.append(
                "    \(quoted(link.child)) -> \(quoted(link.parent)) [label=\(quoted(graph.label(of: link))), style=bold, color=\"#1f6feb\", constraint=false];"
            )
        }
        lines.append("}")
        lines += graph.findingLines.map { "// " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
