/// A Mermaid flowchart: view models as boxes, views as rounded boxes, hosts as hexagons; solid
/// arrows for parent to child, thick arrows for responder actions going up, dotted lines from a
/// view to the view model it renders.
enum MermaidGraph: GraphSyntax {
    static let opening = [
        "flowchart TD",
        "    %% --> holds or makes a child view model; ==> responder actions to the parent; -.- the view that renders it",
    ]
    static let closing: [String] = []
    static let commentPrefix = "%% "

    static func node(_ name: String, isHost: Bool) -> String {
        let label = "\"\(text(name))\""
        return "    \(id(name))" + (isHost ? "{{\(label)}}" : "[\(label)]")
    }

    static func view(_ view: String, renders model: String) -> [String] {
        ["    \(id(view))([\"\(text(view))\"]) -.- \(id(model))"]
    }

    static func arrow(from start: String, to end: String, _ kind: GraphArrow) -> String {
        let caption = kind.caption.map { "|\"\(text($0))\"|" } ?? ""
        return "    \(id(start)) \(kind.isResponder ? "==>" : "-->")\(caption) \(id(end))"
    }

    /// Text for inside a quoted label: a `"` (possible in a raw identifier, `` `a"b` ``) would
    /// end the label and let the rest of the name add nodes and edges, so it is written as
    /// Mermaid's entity `#quot;`, and `#` as `#35;` so that no entity can be spelt by a name.
    static func text(_ name: String) -> String {
        guard name.contains(where: { $0 == "\"" || $0 == "#" }) else { return name }
        return name.replacingOccurrences(of: "#", with: "#35;").replacingOccurrences(of: "\"", with: "#quot;")
    }

    /// A node id Mermaid accepts: letters, digits and underscores.
    static func id(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
