import SwiftParser
import SwiftSyntax
import Testing
@testable import MVVMLint

@Suite struct SyntaxQueryTests {
    /// Every kind of node, to check the quick answers against swift-syntax's own.
    private let tree = Parser.parse(source: """
        import SwiftUI
        final class Model: ObservableObject { struct Row {} ; enum Kind { case a } }
        actor Store {}
        protocol Loading { func load() }
        extension Model { func make() -> Model.Row { Model.Row.init() } }
        struct Screen: View { var body: some View { Text("é").init(x).Ünicode() } }
        let value = Éclair.init(1) + ünicode(2)
        """)

    private var nodes: [Syntax] {
        Self.nodes(of: tree)
    }

    /// Every node below `root`, `root` included.
    private static func nodes(of root: some SyntaxProtocol) -> [Syntax] {
        var all: [Syntax] = []
        var stack = [Syntax(root)]
        while let node = stack.popLast() {
            all.append(node)
            stack += node.children(viewMode: .sourceAccurate)
        }
        return all
    }

    @Test func aNodeIsADeclGroupExactlyWhenSwiftSyntaxSaysSo() {
        let groups = nodes.filter { $0.asDeclGroup != nil }
        #expect(groups.count == 7)
        for node in nodes {
            #expect((node.asDeclGroup != nil) == (node.asProtocol(DeclGroupSyntax.self) != nil), "\(node.kind)")
        }
    }

    @Test func startsUppercaseAgreesWithCharacters() {
        for name in ["Model", "model", "_Model", "Éclair", "ünicode", "Ünicode", "1st", "", "ΣSum", "σsum", "A", "A\u{345}x", "A\u{301}", "a\u{301}"] {
            #expect(name.startsUppercase == (name.first?.isUppercase == true), "\(name)")
            #expect(name[...].startsUppercase == name.startsUppercase)
        }
    }

    @Test func calledTypeNamesAreCapitalisedInitsAndCalls() {
        let called = nodes.compactMap { $0.as(FunctionCallExprSyntax.self) }.compactMap(\.calledExpression.calledTypeName)
        #expect(called.sorted() == ["Row", "Text", "Éclair", "Ünicode"].sorted())
        let implicit = Parser.parse(source: "let a: Model = .init(); let b = Model.init()")
        let calls = implicit.statements.compactMap { $0.item.as(VariableDeclSyntax.self)?.bindings.first?.initializer?.value.as(FunctionCallExprSyntax.self) }
        #expect(calls.map(\.isImplicitInit) == [true, false])
    }

    /// Each shape a call's callee takes, with the type name it gives (or none).
    @Test(arguments: [
        ("Model()", "Model"), ("Model.init()", "Model"), (".init()", nil), ("App.Model()", "Model"),
        ("App.Model.init()", "Model"), ("Box<Int>()", "Box"), ("Box<Int>.init()", "Box"), ("model.load()", nil),
        ("model.Make()", "Make"), ("`Model`()", nil), ("Model.`init`()", nil), ("Model.init.init()", nil),
        ("make()", nil), (".shared.load()", nil),
    ] as [(String, String?)])
    func calledTypeNameOfEachShape(source: String, expected: String?) throws {
        let tree = Parser.parse(source: "let x = \(source)")
        let call = try #require(Self.nodes(of: tree).compactMap { $0.as(FunctionCallExprSyntax.self) }.first)
        #expect(call.calledExpression.calledTypeName == expected)
    }

    /// The typed elements read through a collection's children are swift-syntax's own elements,
    /// in order, for collections of nodes and of choices (`#if` among attributes).
    @Test func collectionElementsAreSwiftSyntaxsOwn() throws {
        let source = Parser.parse(source: """
            @MainActor
            #if DEBUG
            @available(iOS 17, *)
            #endif
            final class Model { var a = 1, b: Int; private(set) static var c = 2; func f(x: Int, _ y: Int) {} }
            """)
        let model = Self.nodes(of: source).compactMap { $0.as(ClassDeclSyntax.self) }
        let decl = try #require(model.first)
        #expect(Array(decl.memberBlock.members.elements).map(\.id) == Array(decl.memberBlock.members).map(\.id))
        #expect(Array(decl.attributes.elements).map(\.id) == Array(decl.attributes).map(\.id))
        #expect(decl.attributes.elements.count(where: { _ in true }) == 2)
        #expect(Array(decl.modifiers.elements).map(\.id) == Array(decl.modifiers).map(\.id))
        let variables = decl.properties
        #expect(variables.count == 2)
        for variable in variables {
            #expect(Array(variable.bindings.elements).map(\.id) == Array(variable.bindings).map(\.id))
            #expect(variable.bindings.elements.first?.id == variable.bindings.first?.id)
            #expect(variable.bindings.elements.last?.id == variable.bindings.last?.id)
            #expect(variable.modifiers.elements.last?.id == variable.modifiers.last?.id)
        }
        #expect(variables.map(\.boundNames) == [["a", "b"], ["c"]])
        #expect(variables[0].modifiers.elements.first == nil, "an empty collection has no first element")
    }
}
