@testable import MVVMLint
import Testing

/// A `"` in a raw-identifier type or property name stays inside its Mermaid label.
struct MermaidEscapingTests {
    static let hostile = #"A"] --> Evil["pwned"#

    @Test func aQuoteInANameCannotEndItsLabel() {
        let lines = [
            MermaidGraph.node(Self.hostile, isHost: false), MermaidGraph.node(Self.hostile, isHost: true),
            MermaidGraph.arrow(from: "A", to: "B", .child(via: Self.hostile)), MermaidGraph.arrow(from: "A", to: "B", .responder(actions: Self.hostile)),
        ] + MermaidGraph.view(Self.hostile, renders: "B")
        for line in lines {
            #expect(line.filter { $0 == "\"" }.count == 2, "\(line)")
            #expect(line.contains("A#quot;] --> Evil[#quot;pwned"), "\(line)")
        }
    }

    @Test func ordinaryNamesAreUnchanged() {
        #expect(MermaidGraph.node("ProfileViewModel", isHost: false) == #"    ProfileViewModel["ProfileViewModel"]"#)
        #expect(MermaidGraph.text("C#") == "C#35;")
    }
}
