/// Graphviz DOT, with the same shapes and arrows as the Mermaid chart.
enum DotGraph: GraphSyntax {
    static let opening = [
        "digraph ViewModels {",
        "    rankdir=TB;",
        "    node [shape=box, fontname=\"Helvetica\"];",
        "    edge [fontname=\"Helvetica\", fontsize=10];",
    ]
    static let closing = ["}"]
    static let commentPrefix = "// "

    static func viewModel(_ name: String) -> String {
        "    \(quoted(name));"
    }

    static func host(_ name: String) -> String {
        "    \(quoted(name)) [shape=hexagon];"
    }

    static func view(_ view: String, renders model: String) -> [String] {
        [
            "    \(quoted(view)) [shape=box, style=rounded];",
            "    \(quoted(view)) -> \(quoted(model)) [style=dotted, arrowhead=none];",
        ]
    }

    static func link(host: String, to model: String) -> String {
        "    \(quoted(host)) -> \(quoted(model));"
    }

    static func edge(_ edge: ViewModelGraph.Edge) -> String {
        "    \(quoted(edge.parent)) -> \(quoted(edge.child)) [label=\(quoted(edge.via.joined(separator: ", ")))];"
    }

    static func responder(_ link: ViewModelGraph.ResponderLink) -> String {
        "    \(quoted(link.child)) -> \(quoted(link.parent)) [label=\(quoted(link.actions.joined(separator: ", "))), style=bold, color=\"#1f6feb\", constraint=false];"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
