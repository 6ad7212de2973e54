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

    static func edge(from parent: String, to child: String, label: String) -> String {
        "    \(quoted(parent)) -> \(quoted(child)) [label=\(quoted(label))];"
    }

    static func responder(from child: String, to parent: String, label: String) -> String {
        "    \(quoted(child)) -> \(quoted(parent)) [label=\(quoted(label)), style=bold, color=\"#1f6feb\", constraint=false];"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
