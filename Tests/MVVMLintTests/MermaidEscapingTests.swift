@testable import MVVMLint
import Testing

/// A `"` in a raw-identifier type or property name stays inside its Mermaid label.
struct MermaidEscapingTests {
    static let hostile = #"A"] --> Evil["pwned"#

    @Test func aQuoteInANameCannotEndItsLabel() {
        let lines = [
            MermaidGraph.viewModel(Self.hostile), MermaidGraph.host(Self.hostile),
            MermaidGraph.edge(from: "A", to: "B", label: Self.hostile), MermaidGraph.responder(from: "A", to: "B", label: Self.hostile),
        ] + MermaidGraph.view(Self.hostile, renders: "B")
        for line in lines {
            #expect(line.filter { $0 == "\"" }.count == 2, "\(line)")
            #expect(line.contains("A#quot;] --> Evil[#quot;pwned"), "\(line)")
        }
    }

    @Test func ordinaryNamesAreUnchanged() {
        #expect(MermaidGraph.viewModel("ProfileViewModel") == #"    ProfileViewModel["ProfileViewModel"]"#)
        #expect(MermaidGraph.text("C#") == "C#35;")
    }
}
