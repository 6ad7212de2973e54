@testable import MVVMLint
import SwiftParser
import SwiftSyntax
import Testing

/// The one walk the view rules make over a view: its own members, never the types declared
/// inside it.
struct ViewMemberVisitorTests {
    /// Collects the names of the identifiers it visits.
    final class NameCollector: ViewMemberVisitor {
        var names: [String] = []

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            names.append(node.baseName.text)
            return .visitChildren
        }
    }

    static func names(in source: String) throws -> [String] {
        let tree = Parser.parse(source: source)
        let view = try #require(tree.statements.first?.item.as(StructDeclSyntax.self))
        let collector = NameCollector()
        collector.walkMembers(of: view)
        return collector.names
    }

    @Test func walksTheViewsOwnMembers() throws {
        let source = """
            struct Row: View {
                @State private var count = start
                init(value: Int) { _count = State(initialValue: value) }
                var body: some View { Button("Add") { increment() } }
                func increment() { count += step }
            }
            """
        #expect(try Self.names(in: source) == ["start", "_count", "State", "value", "Button", "increment", "count", "step"])
    }

    @Test(arguments: ["struct", "final class", "enum", "actor", "protocol"])
    func skipsATypeDeclaredInsideTheView(keyword: String) throws {
        let member = keyword == "protocol" ? "func nested()" : "func nested() { hidden() }"
        let source = """
            struct Row: View {
                var body: some View { Text(title) }
                \(keyword) Inner {
                    \(member)
                    var other: Int { hiddenToo }
                }
            }
            """
        #expect(try Self.names(in: source) == ["Text", "title"])
    }

    @Test func walksAnExtensionsMembersButNotItsTypes() throws {
        let tree = Parser.parse(source: """
            extension Row {
                var header: some View { Text(title) }
                struct Header: View { var body: some View { Text(other) } }
            }
            """)
        let extensionDecl = try #require(tree.statements.first?.item.as(ExtensionDeclSyntax.self))
        let collector = NameCollector()
        collector.walkMembers(of: extensionDecl)
        #expect(collector.names == ["Text", "title"])
    }
}
