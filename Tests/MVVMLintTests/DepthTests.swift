import CommandTestSupport
import Foundation
@testable import MVVMLint
import SwiftSyntax
import Testing

/// Deep and long inputs: every file too deep to check gets one notice and the run goes on; the
/// project-wide steps (roles, graph) take any number of types without recursion. The in-process
/// runs happen on a thread with a small stack, so a recursion proportional to the input fails
/// at once instead of needing a huge input to show.
struct DepthTests {
    /// The stack the in-process runs get: what threads get on some platforms by default.
    static let smallStack = 512 << 10

    /// Runs `work` on a new thread with a 512 KiB stack and returns its result.
    static func onSmallStack<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
        try await onOwnThread {
            let box = ResultBox<T>()
            WorkerThreads.run(count: 1, stackSize: smallStack) { _ in box.value = work() }
            return try #require(box.value)
        }
    }

    final class ResultBox<T>: @unchecked Sendable {
        // Written by the one worker before `run` returns, read after.
        var value: T?
    }

    /// One file per shape that nests, each `depth` deep.
    static func deepSources(_ depth: Int) -> [SourceInput] {
        func repeated(_ text: String) -> String { String(repeating: text, count: depth) }
        let shapes: [(String, String)] = [
            ("Parentheses", "let x = " + repeated("(") + "1" + repeated(")") + "\n"),
            ("GenericArguments", "var x: " + repeated("A<") + "B" + repeated(">") + "\n"),
            ("IfBlocks", "func f() {\n" + repeated("if a {\n") + repeated("}\n") + "}\n"),
            ("Closures", "let c = " + repeated("{ ") + repeated("}") + "\n"),
            ("Arrays", "let a = " + repeated("[") + "1" + repeated("]") + "\n"),
            ("ElseIfChain", "func f() {\n    if a {}" + repeated(" else if a {}") + "\n}\n"),
            ("MemberChain", "let y = a" + repeated(".b") + "\n"),
            ("CallChain", "let y = f" + repeated("()") + "\n"),
            ("SubscriptChain", "let y = a" + repeated("[0]") + "\n"),
            ("ForceUnwraps", "let y = x" + repeated("!") + "\n"),
            ("OptionalTypes", "var t: Int" + repeated("?") + "\n"),
            ("TryChain", "let y = " + repeated("try ") + "x\n"),
            ("FunctionTypes", "var t: " + repeated("(Int) -> ") + "Int\n"),
            ("Interpolations", "let s = \"" + repeated("\\(\"") + "x" + repeated("\")") + "\"\n"),
            ("Declarations", repeated("struct S {\n") + repeated("}\n")),
            ("IfConfig", repeated("#if A\n") + repeated("#endif\n")),
        ]
        // Past 10,000, the chains the parser reads in a loop only cost parsing time (the tree's
        // depth is caught the same way); one stands for them.
        let loops: Set<String> = ["CallChain", "SubscriptChain", "ForceUnwraps", "OptionalTypes"]
        return shapes.filter { depth <= 10_000 || !loops.contains($0.0) }
            .map { SourceInput(path: "Sources/\($0.0)\(depth).swift", text: $0.1) }
    }

    /// A file every run must still report: a view model that is not `@MainActor`.
    static let ordinary = SourceInput(
        path: "Sources/ProfileViewModel.swift",
        text: "import Observation\n\n@Observable\nfinal class ProfileViewModel {}\n"
    )

    @Test(arguments: [10_000, 100_000])
    func deepFilesGetOneNoticeEachAndTheOtherFilesAreReported(depth: Int) async throws {
        let sources = Self.deepSources(depth) + [Self.ordinary]
        let result = try await Self.onSmallStack {
            Linter(jobs: 2, rules: .builtIn).lint(sources, configurationForFile: { _ in Configuration() })
        }
        #expect(result.fileCount == sources.count)
        for source in sources.dropLast() {
            let found = result.diagnostics.filter { $0.path == source.path }
            #expect(found.count == 1, "\(source.path): \(found)")
            #expect(found.allSatisfy { [Notice.tooComplex.rawValue, Notice.parseError.rawValue].contains($0.ruleID) }, "\(source.path): \(found)")
            #expect(found.allSatisfy { $0.severity == .warning })
        }
        #expect(result.diagnostics.contains { $0.path == Self.ordinary.path && $0.ruleID == "view-model-main-actor" })
        // The graph of the same facts is drawn in every format.
        let graph = ViewModelGraph(facts: result.facts)
        #expect(try GraphFormat.allCases.allSatisfy { try $0.render(graph).hasSuffix("\n") })
    }

    @Test func theParseOnlyFloorSurvivesTheSameFiles() async throws {
        let sources = Self.deepSources(100_000)
        let failed = try await Self.onSmallStack { Linter(jobs: 2, rules: .builtIn).parseOnly(sources) }
        // Every file is screened out or fails to parse, except the member chain: valid syntax,
        // too deep only for the rules, which the floor does not run.
        #expect(failed == sources.count - 1)
    }

    @Test func theVisitingFloorSurvivesTheSameFilesAndCountsAsParseOnly() async throws {
        let sources = Self.deepSources(100_000) + [Self.ordinary]
        let summary = try await Self.onSmallStack {
            Linter(jobs: 2, rules: .builtIn).parseOnlySummary(sources, visitingEveryNode: true)
        }
        // The member chain parses; like a lint run, the floor visits no tree past the depth a
        // walk is allowed, and the counts are parse-only's.
        let parsed = try await Self.onSmallStack { Linter(jobs: 2, rules: .builtIn).parseOnlySummary(sources) }
        #expect(summary.files == sources.count && parsed.files == sources.count)
        #expect(summary.withSyntaxErrors == sources.count - 2)
        #expect(parsed.withSyntaxErrors == summary.withSyntaxErrors)
    }

    /// Nested array literals: each level doubles the parser's time, so 28 levels would run for
    /// hours. The screen stops them before parsing.
    @Test func nestedArrayLiteralsAreRejectedBeforeParsing() throws {
        let text = "let x = " + String(repeating: "[", count: 28) + String(repeating: "]", count: 28) + "\n"
        #expect(text.utf8.count < 70)
        let rejection = try #require(SourceScreen.check(Array(text.utf8)))
        #expect(rejection.offset == 8 + SourceScreen.maximumSquareNesting)
        #expect(SourceScreen.check(Array("let x = [[[1], [2]], [[3]]]\n".utf8)) == nil)
    }

    @Test func brackets_in_comments_and_strings_do_not_count() {
        let deep = String(repeating: "(", count: 500)
        // Comments (nested too), a string, a raw string whose `\(` is text, a multi-line string,
        // and a string whose interpolation closes before the brackets.
        let quoted = "// " + deep + "\n/* " + deep + " /* nested */ " + deep + " */\n"
            + "let a = \"" + deep + "\"\n"
            + "let b = #\"" + deep + "\\(\"#\n"
            + "let c = \"\"\"\n    " + deep + "\n    \"\"\"\n"
            + "let d = \"\\(f(x))" + deep + "\"\n"
        #expect(SourceScreen.check(Array(quoted.utf8)) == nil)
        // An interpolation is code: its brackets count.
        let interpolated = "let s = \"" + String(repeating: "\\((", count: 100) + String(repeating: "))", count: 100) + "\"\n"
        #expect(SourceScreen.check(Array(interpolated.utf8)) != nil)
    }

    /// Found by the long fuzz run: an interpolation left open in a multi-line string makes the
    /// screen read later code as text while the parser reads it as code, and a run of `[` there
    /// kept the parser busy for minutes. The one-line count catches it whatever the strings.
    @Test func squareBracketsTheScreenTakesForTextStillCountOnTheirLine() throws {
        let text = #"""
            let rationale = """
                a suffix\( \
                """,
                x("""
                """),
                    let a = 
            """# + String(repeating: "[", count: 40) + "\n"
        let rejection = try #require(SourceScreen.check(Array(text.utf8)))
        #expect(rejection.reason.contains("on one line"))
        // Text with a few brackets, and brackets spread over lines, are fine.
        #expect(SourceScreen.check(Array("let s = \"[[[[[[[[ ]]]]]]]]\"\nlet t = [\n[\n[1]]]\n".utf8)) == nil)
    }

    @Test func bracketsLeftOpenDoNotAddUpAcrossBlocks() {
        // A regex literal's bracket (or a damaged line) leaves a `[` open; the function's closing
        // brace closes it, so a file of many such functions is not deep.
        let function = "func f() { let r = /[(/ }\n"
        #expect(SourceScreen.check(Array(String(repeating: function, count: 200).utf8)) == nil)
    }

    @Test func realFilesPassTheScreen() throws {
        for file in try RobustnessTests.realFiles() {
            #expect(SourceScreen.check(Array(file.text.utf8)) == nil, "\(file.path)")
            #expect(SyntaxDepth.firstNode(in: SyntaxDepth.parse(Array(file.text.utf8))) == nil, "\(file.path)")
        }
    }

    /// The depth check skips subtrees too short to be deep; that bound must hold for every
    /// node of every shape, or a deep tree could slip past.
    @Test func noSubtreeIsDeeperThanItsTextAllows() throws {
        var files = try RobustnessTests.realFiles().prefix(4).map(\.text)
        // Nested array literals and subscript chains make the parser's look-ahead explode; the
        // screen keeps them from it, so they are not parsed here either.
        files += Self.deepSources(300).filter { !$0.path.contains("Arrays") && !$0.path.contains("SubscriptChain") }.map(\.text)
        for text in files {
            let tree = SyntaxDepth.parse(Array(text.utf8))
            // Heights, bottom up, without recursion: children come after their parent in `order`.
            var order: [Syntax] = []
            var pending = [Syntax(tree)]
            while let node = pending.popLast() {
                order.append(node)
                pending += node.children(viewMode: .all)
            }
            var heights: [SyntaxIdentifier: Int] = [:]
            // One expectation per file: recording one per node made the test take minutes.
            var tooDeep: String?
            for node in order.reversed() {
                let height = 1 + (node.children(viewMode: .all).map { heights[$0.id] ?? 0 }.max() ?? 0)
                heights[node.id] = height
                if tooDeep == nil, height > SyntaxDepth.levelsPerByte * (node.totalLength.utf8Length + 1) {
                    tooDeep = "\(node.kind) of height \(height)"
                }
            }
            #expect(tooDeep == nil, "\(tooDeep ?? "") in \(String(text.prefix(80)))")
        }
    }

    // MARK: - Project-wide steps

    /// `count` view models, each holding the next, the last holding the first.
    static func viewModelCycle(_ count: Int) -> [FileFacts] {
        var file = FileFacts(path: "Sources/Chain.swift", isTestFile: false)
        for index in 0..<count {
            let name = "Step\(index)ViewModel", next = "Step\((index + 1) % count)ViewModel"
            file.types.append(TypeFact(name: name, qualifiedName: name, kind: .class, inherited: [], line: index + 1, column: 13))
            file.members.append(MemberTypeFact(ownerType: name, name: "next", kind: .property, types: [next], line: index + 1))
        }
        return [file]
    }

    @Test func aLongChainOfViewModelsClosingIntoACycleIsDrawn() async throws {
        let count = 50_000
        let facts = Self.viewModelCycle(count)
        let drawn = try await Self.onSmallStack {
            let graph = ViewModelGraph(facts: facts)
            let rooted = graph.rooted(at: "Step0ViewModel")
            return (graph.nodes.count, graph.cycles.map(\.count), rooted?.nodes.count, GraphFormat.allCases.map { (try? $0.render(graph))?.count ?? 0 })
        }
        #expect(drawn.0 == count)
        #expect(drawn.1 == [count])
        #expect(drawn.2 == count)
        #expect(drawn.3.allSatisfy { $0 > count })
    }

    @Test func aLongInheritanceChainMakesEverySubclassAViewModel() async throws {
        let count = 100_000
        var file = FileFacts(path: "Sources/Chain.swift", isTestFile: false)
        file.types.append(TypeFact(name: "BaseViewModel", qualifiedName: "BaseViewModel", kind: .class, inherited: [], line: 1, column: 1))
        for index in 0..<count {
            let base = index == 0 ? "BaseViewModel" : "Level\(index - 1)"
            file.types.append(TypeFact(name: "Level\(index)", qualifiedName: "Level\(index)", kind: .class, inherited: [base], line: index + 2, column: 1))
        }
        let facts = [file]
        let index = try await Self.onSmallStack { ProjectIndex(facts) }
        #expect(index.viewModels.count == count + 1)
        #expect(index.has(.viewModel, "Level\(count - 1)", in: "Sources/Chain.swift"))
    }

    // MARK: - The command

    @Test func theCommandReportsADeepFileAsAWarningAndGoesOn() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-depth-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        let sources = [SourceInput(path: "Sources/Parentheses.swift", text: "let x = " + String(repeating: "(", count: 100_000) + "\n"),
                       SourceInput(path: "Sources/Arrays.swift", text: "let x = " + String(repeating: "[", count: 28) + String(repeating: "]", count: 28) + "\n"),
                       SourceInput(path: "Sources/Members.swift", text: "let y = a" + String(repeating: ".b", count: 10_000) + "\n"),
                       Self.ordinary]
        for source in sources {
            try source.text.write(to: root.appendingPathComponent(source.path), atomically: true, encoding: .utf8)
        }
        let mvvm = BuiltCommand("mvvm")
        let lint = try await mvvm.run(["lint", "--no-cache", "--reporter", "xcode", "--preset", "responder", "Sources"], in: root)
        #expect(lint.status == 1, "\(lint.error)")
        for path in sources.dropLast().map(\.path) {
            #expect(lint.output.contains("\(path):1:") && lint.output.contains("[too-complex]") || lint.output.contains("\(path):1:"), "\(lint.output)")
        }
        #expect(lint.output.contains("Sources/ProfileViewModel.swift:4:13: error:"), "\(lint.output)")
        #expect(lint.output.components(separatedBy: "too-complex").count - 1 == 3, "\(lint.output)")

        let fix = try await mvvm.run(["lint", "--fix", "--no-cache", "Sources"], in: root)
        #expect([0, 1].contains(fix.status), "\(fix.error)")
        let graph = try await mvvm.run(["graph", "--no-cache", "Sources"], in: root)
        #expect(graph.status == 0, "\(graph.error)")
        #expect(graph.error.contains("Sources/Parentheses.swift"), "\(graph.error)")
    }

    @Test func aChainOfViewModelsClosingIntoACycleIsDrawnByTheCommand() async throws {
        // The in-process test above takes 50,000 on a small stack; this one shows the command's path.
        let count = 2_000
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-chain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var text = "import Observation\n"
        for index in 0..<count {
            text += "@MainActor @Observable final class Step\(index)ViewModel { let next: Step\((index + 1) % count)ViewModel }\n"
        }
        try text.write(to: root.appendingPathComponent("Chain.swift"), atomically: true, encoding: .utf8)
        for format in GraphFormat.allCases {
            let graph = try await BuiltCommand("mvvm").run(["graph", "--no-cache", "--format", format.rawValue, "."], in: root)
            #expect(graph.status == 0, "\(format): \(graph.error)")
            #expect(graph.output.contains("Step1999ViewModel"), "\(format)")
        }
        let rooted = try await BuiltCommand("mvvm").run(["graph", "--no-cache", "--root", "Step5ViewModel", "."], in: root)
        #expect(rooted.status == 0, "\(rooted.error)")
        #expect(rooted.output.contains("cycle: Step0ViewModel -> Step1ViewModel"))
    }
}
