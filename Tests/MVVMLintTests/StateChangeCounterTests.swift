@testable import MVVMLint
import SwiftParser
import SwiftSyntax
import Testing

/// The counter behind `single-state-change-per-action`: state changes on the longest path
/// through a block of statements.
struct StateChangeCounterTests {
    /// The statements of the body of `func f() { … }`.
    static func statements(_ body: String) throws -> CodeBlockItemListSyntax {
        let tree = Parser.parse(source: "func f() {\n\(body)\n}\n")
        let function = try #require(tree.statements.first?.item.as(FunctionDeclSyntax.self))
        return try #require(function.body?.statements)
    }

    let counter = StateChangeCounter(stored: ["state", "items", "error"], helpers: ["refresh"])

    @Test(arguments: [
        ("state = .idle", 1),
        ("state = .idle; error = nil", 2),
        ("self.state = .idle; items.append(1)", 2),
        ("state += 1", 1),
        ("let local = 1; var other = local; other = 2", 0),
        ("if state == .idle { state = .busy } else { error = nil; items = [] }", 2),
        ("guard let x = value else { state = .failed; return }\nitems.append(x); error = nil", 2),
        ("switch mode { case .a: state = .a; case .b: state = .b; error = nil }", 2),
        ("do { try work(); state = .done } catch { error = nil }", 1),
        ("Task { state = .done; error = nil }", 0),
        ("refresh()", 1),
        ("self.refresh(); state = .idle", 2),
        ("items[0].name = \"x\"", 1),
        ("other.append(1); state == .idle", 0),
    ])
    func countsTheLongestPath(body: String, expected: Int) throws {
        #expect(counter.count(try Self.statements(body)) == expected, "\(body)")
    }

    @Test func findsCallsToUpdateHelpers() throws {
        #expect(counter.callsHelper(try Self.statements("refresh()")))
        #expect(counter.callsHelper(try Self.statements("self.refresh()")))
        #expect(!counter.callsHelper(try Self.statements("state = .idle")))
        #expect(!counter.callsHelper(try Self.statements("Task { refresh() }")))
    }
}
