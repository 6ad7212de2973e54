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

    static func node(_ name: String, isHost: Bool) -> String {
        "    \(quoted(name))\(isHost ? " [shape=hexagon]" : "");"
    }

    static func view(_ view: String, renders model: String) -> [String] {
        [
            "    \(quoted(view)) [shape=box, style=rounded];",
            "    \(quoted(view)) -> \(quoted(model)) [style=dotted, arrowhead=none];",
        ]
    }

    static func arrow(from start: String, to end: String, _ kind: GraphArrow) -> String {
        let attributes = switch kind {
        case .hostLink: [String]()
        case .child(let via): ["label=\(quoted(via))"]
        case .responder(let actions): ["label=\(quoted(actions))", "style=bold", "color=\"#1f6feb\"", "constraint=false"]
        }
        let list = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
        return "    \(quoted(start)) -> \(quoted(end))\(list);"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
