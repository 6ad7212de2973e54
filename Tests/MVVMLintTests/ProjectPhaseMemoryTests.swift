import CommandTestSupport
import Foundation
import Testing
@testable import MVVMLint

/// What the project phase holds for every file, made smaller without changing an answer: paths
/// and names held once, the index's lists made a block at a time, facts packed.
struct ProjectPhaseMemoryTests {
    /// Where a string's bytes are; two strings with one storage give the same address.
    private func storage(of text: String) -> UnsafeRawPointer? {
        text.utf8.withContiguousStorageIfAvailable { $0.baseAddress.map(UnsafeRawPointer.init) } ?? nil
    }

    @Test func factsReadBackHoldTheirSourcesPath() throws {
        let path = "Sources/Features/Settings/SettingsScreen.swift"
        // A path of its own, not the literal's.
        let paths = [String(decoding: Array(path.utf8), as: UTF8.self)]
        let collector = ResultCollector(count: 1, encodesPending: true)
        collector.store(FileFacts(path: path, isTestFile: false), at: 0)
        let facts = collector.take(sharingPathsOf: paths).facts
        #expect(facts.map(\.path) == [path])
        let shared = try #require(storage(of: paths[0]))
        #expect(storage(of: facts[0].path) == shared)
    }

    @Test func aPathSpelledWithOtherBytesIsKept() {
        // "é" as one scalar in the facts and as "e" and an accent in the source: equal as
        // strings, but a report names the file as its facts do.
        let composed = "Sources/Caf\u{E9}.swift", decomposed = "Sources/Cafe\u{301}.swift"
        let collector = ResultCollector(count: 1, encodesPending: true)
        collector.store(FileFacts(path: composed, isTestFile: false), at: 0)
        let facts = collector.take(sharingPathsOf: [decomposed]).facts
        #expect(facts.map { Array($0.path.utf8) } == [Array(composed.utf8)])
    }

    @Test func aPathThatIsNotTheSourcesOwnIsKept() {
        let collector = ResultCollector(count: 1, encodesPending: true)
        collector.store(FileFacts(path: "Sources/Features/Settings/Other.swift", isTestFile: false), at: 0)
        let facts = collector.take(sharingPathsOf: ["Sources/Features/Settings/SettingsScreen.swift"]).facts
        #expect(facts.map(\.path) == ["Sources/Features/Settings/Other.swift"])
    }

    /// A file with the given types, each declared at line 1.
    private func file(_ path: String, _ types: [(name: String, qualified: String, kind: TypeFact.Kind, inherited: [String])]) -> FileFacts {
        var facts = FileFacts(path: path, isTestFile: false)
        facts.types = types.map { TypeFact(name: $0.name, qualifiedName: $0.qualified, kind: $0.kind, inherited: $0.inherited, line: 1, column: 1) }
        return facts
    }

    @Test func aNameDeclaredAtTheTopAndNestedResolvesLikeEitherAlone() {
        // Nested first, then at the top level: the top-level type is the name alone.
        let index = ProjectIndex([
            file("Sources/A.swift", [("Row", "ListView.Row", .struct, []), ("Row", "GridView.Row", .struct, [])]),
            file("Sources/B.swift", [("Row", "Row", .struct, []), ("Cell", "Cell", .struct, []), ("Cell", "Cell", .struct, [])]),
            file("Sources/C.swift", [("Item", "FeedView.Item", .struct, []), ("Item", "AboutView.Item", .struct, [])]),
        ])
        #expect(index.candidates("Row", in: "Sources/B.swift").map(\.name) == ["Row"])
        #expect(index.candidates("Row", in: "Sources/B.swift", scope: "ListView").map(\.name) == ["ListView.Row"])
        #expect(index.candidates("Cell", in: "Sources/A.swift").map(\.name) == ["Cell"])
        #expect(index.candidates("Item", in: "Sources/A.swift").map(\.name) == ["AboutView.Item", "FeedView.Item"])
        #expect(index.candidates("FeedView.Item", in: "Sources/A.swift").map(\.name) == ["FeedView.Item"])
        #expect(index.candidates("Missing", in: "Sources/A.swift").isEmpty)
        #expect(index.declaredTypes == ["Row", "Cell", "Item"])
        #expect(index.declarations.nestedNames("Row", in: 0) == ["ListView.Row", "GridView.Row"])
        #expect(index.declarations.nestedNames("Cell", in: 0).isEmpty)
        #expect(index.declarations.nestedNames("Row", in: 1).isEmpty)
        #expect(index.declares("ListView.Row", simpleName: "Row", in: 0) && !index.declares("TableView.Row", simpleName: "Row", in: 0))
    }

    @Test func anExtensionOfANestedTypeDeclaresNoOtherName() {
        let index = ProjectIndex([
            file("Sources/A.swift", [("FeedView", "FeedView", .struct, []), ("Row", "FeedView.Row", .struct, [])]),
            file("Sources/B.swift", [("Row", "FeedView.Row", .extension, ["Identifiable"])]),
        ])
        // The extension declares nothing: the one declaration is the one name.
        #expect(index.declarations.nestedNames("Row", in: 0) == ["FeedView.Row"])
        #expect(index.candidates("Row", in: "Sources/B.swift").map(\.name) == ["FeedView.Row"])
        #expect(index.declares("FeedView.Row", simpleName: "Row", in: 0) && !index.declares("ListView.Row", simpleName: "Row", in: 0))
    }

    @Test func aNameNestedManyTimesKeepsEveryQualifiedName() {
        let owners = (0..<50).map { "Model\($0)" }
        let index = ProjectIndex(owners.map { owner in file("Sources/\(owner).swift", [(owner, owner, .struct, []), ("CodingKeys", "\(owner).CodingKeys", .enum, [])]) })
        #expect(index.declarations.nestedNames("CodingKeys", in: 0) == owners.map { "\($0).CodingKeys" })
        #expect(index.candidates("CodingKeys", in: "Sources/Model7.swift", scope: "Model7").map(\.name) == ["Model7.CodingKeys"])
        #expect(index.candidates("CodingKeys", in: "Sources/Model7.swift").count == owners.count)
    }

    @Test func declarationsAcrossManyBlocksOfFilesStayInFileOrder() {
        // More files than the table resolves at once, each extending one type declared late.
        let count = 4096 * 2 + 10
        var files = (0..<count).map { file("Sources/File\($0).swift", [("Shared", "Shared", .extension, ["Hashable"])]) }
        files[count - 3].types.append(TypeFact(name: "Shared", qualifiedName: "Shared", kind: .class, inherited: [], line: 2, column: 1))
        let index = ProjectIndex(files, modules: .single, jobs: 2)
        let declared = index.declarations[ProjectIndex.TypeKey(module: 0, name: "Shared")]
        #expect(declared.count == count + 1)
        #expect(declared.map(\.path) == files.flatMap { file in file.types.map { _ in file.path } })
        #expect(index.kind(of: ProjectIndex.TypeKey(module: 0, name: "Shared")) == .class)
    }

    /// The declaration table keeps each type in a slot of its own, found again by its key: many
    /// types (so that keys meet in the slots), each declared once and extended in the file
    /// before, beside extensions of types no file declares.
    @Test func everyTypeFindsItsOwnDeclarationsAndNoOther() {
        let typeCount = 3000
        var files: [FileFacts] = []
        for number in 0..<typeCount {
            var facts = file("Sources/T\(number).swift", [
                ("Type\(number + 1)", "Type\(number + 1)", .extension, ["P\(number)"]),
                ("Type\(number)", "Type\(number)", number.isMultiple(of: 2) ? .struct : .class, []),
                ("Missing\(number)", "Missing\(number)", .extension, []),
                ("Inner", "Type\(number).Inner", .enum, []),
            ])
            facts.types[1].line = number + 2
            files.append(facts)
        }
        let index = ProjectIndex(files, modules: .single, jobs: 2)
        for number in [0, 1, 2, 1499, 2998, 2999] {
            let key = ProjectIndex.TypeKey(module: 0, name: "Type\(number)")
            let declared = index.declarations[key]
            // Its extension is in the file before its declaration (none for the first type).
            let expected = (number > 0 ? ["Sources/T\(number - 1).swift"] : []) + ["Sources/T\(number).swift"]
            #expect(declared.map(\.path) == expected)
            #expect(declared.last?.fact.line == number + 2)
            #expect(index.kind(of: key) == (number.isMultiple(of: 2) ? .struct : .class))
            #expect(index.kind(of: ProjectIndex.TypeKey(module: 0, name: "Type\(number).Inner")) == .enum)
            #expect(index.kind(of: ProjectIndex.TypeKey(module: 1, name: "Type\(number)")) == nil)
        }
        #expect(index.declarations[ProjectIndex.TypeKey(module: 0, name: "Missing7")].isEmpty)
        #expect(index.kind(of: ProjectIndex.TypeKey(module: 0, name: "Missing7")) == nil)
        #expect(index.conformances(of: "Type5", in: "Sources/T9.swift") == ["P4"])
        let keys = Array(index.declarations.keys)
        #expect(keys.count == typeCount * 2)
        #expect(Set(keys.map(\.name)).count == typeCount * 2)
        #expect(keys.prefix(2).map(\.name) == ["Type0", "Type0.Inner"])
    }

    /// A tree with two packages, `A` and `B`, each of one target of its name: two modules.
    private static func packagesAAndB() throws -> TemporaryTree {
        let manifest = { (name: String) in
            "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"\(name)\", targets: [.target(name: \"\(name)\")])\n"
        }
        return try TemporaryTree(["A/Package.swift": manifest("A"), "B/Package.swift": manifest("B")])
    }

    /// Two modules declaring the same names: each key is its module's type, whichever of the
    /// two a look-up meets first in the slots.
    @Test func theSameNameInTwoModulesIsTwoTypes() throws {
        let root = try Self.packagesAAndB()
        defer { root.remove() }
        let names = (0..<2000).map { "Type\($0)" }
        let files = ["A/Sources/A/Types.swift", "B/Sources/B/Types.swift"].map { path in
            let kind: TypeFact.Kind = path.hasPrefix("A") ? .struct : .class
            return file(root.url.appendingPathComponent(path).path, names.map { ($0, $0, kind, []) })
        }
        let modules = ModuleMap(paths: files.map(\.path), roots: [root.url.path])
        let (a, b) = (modules.moduleIndex(of: files[0].path), modules.moduleIndex(of: files[1].path))
        #expect(a != b)
        let index = ProjectIndex(files, modules: modules, jobs: 2)
        let wrong = names.filter { name in
            index.kind(of: ProjectIndex.TypeKey(module: a, name: name)) != .struct
                || index.kind(of: ProjectIndex.TypeKey(module: b, name: name)) != .class
                || index.declarations[ProjectIndex.TypeKey(module: b, name: name)].map(\.path) != [files[1].path]
        }
        #expect(wrong.isEmpty, "\(wrong.count) names resolved to the other module's type")
    }

    @Test func nestedNamesAreFoundByModuleAndSimpleName() throws {
        let root = try Self.packagesAAndB()
        defer { root.remove() }
        // Many distinct simple names, so slots collide; every owner also nests a `Row`, and
        // module A declares its first `Row` twice (as `#if` branches do).
        let owners = (0..<1500).map { "Owner\($0)" }
        let paths = ["A/Sources/A/Types.swift", "B/Sources/B/Types.swift"].map { root.url.appendingPathComponent($0).path }
        let files = paths.map { path in
            let module = path.contains("/A/Sources/") ? "A" : "B"
            var types = owners.flatMap { owner -> [(name: String, qualified: String, kind: TypeFact.Kind, inherited: [String])] in
                [(owner, owner, .struct, []), ("\(module)Item\(owner)", "\(owner).\(module)Item\(owner)", .enum, []), ("Row", "\(owner).Row", .struct, [])]
            }
            if module == "A" {
                types.append(("Row", "Owner0.Row", .struct, []))
            }
            return file(path, types)
        }
        let modules = ModuleMap(paths: paths, roots: [root.url.path])
        let (a, b) = (modules.moduleIndex(of: paths[0]), modules.moduleIndex(of: paths[1]))
        let index = ProjectIndex(files, modules: modules, jobs: 2)
        #expect(index.declarations.nestedNames("Row", in: a) == owners.map { "\($0).Row" })
        #expect(index.declarations.nestedNames("Row", in: b) == owners.map { "\($0).Row" })
        let wrong = owners.filter { owner in
            index.declarations.nestedNames("AItem\(owner)", in: a) != ["\(owner).AItem\(owner)"]
                || !index.declarations.nestedNames("AItem\(owner)", in: b).isEmpty
                || !index.declares("\(owner).BItem\(owner)", simpleName: "BItem\(owner)", in: b)
                || index.declares("\(owner).BItem\(owner)", simpleName: "BItem\(owner)", in: a)
                || index.nested(endingWith: "BItem\(owner)", simpleName: "BItem\(owner)", in: b) != ["\(owner).BItem\(owner)"]
        }
        #expect(wrong.isEmpty, "\(wrong.count) owners' nested names found in the wrong module or not at all")
        // Each qualified name once, sorted, the twice-declared one too.
        #expect(index.nested(endingWith: "Row", simpleName: "Row", in: a) == owners.map { "\($0).Row" }.sorted())
        #expect(index.declaredTypes == Set(owners + ["Row"] + owners.flatMap { ["AItem\($0)", "BItem\($0)"] }))
    }

    @Test func viewsAcrossManyBlocksOfTypesAreAllFound() {
        let count = 4096 + 100
        let files = [file("Sources/Screens.swift", (0..<count).map { ("Screen\($0)", "Screen\($0)", .struct, $0.isMultiple(of: 3) ? [] : ["View"]) })]
        let index = ProjectIndex(files, modules: .single, jobs: 2)
        let expected = Set((0..<count).filter { !$0.isMultiple(of: 3) }.map { "Screen\($0)" })
        let missing = expected.subtracting(index.views)
        #expect(missing.isEmpty, "\(missing.count) of \(expected.count) views not found")
        #expect(index.views.isSubset(of: expected))
    }

    @Test func aTypeFactIsPackedAndCodesUnderItsFieldsNames() throws {
        #expect(MemoryLayout<TypeFact>.stride <= 72)
        let fact = TypeFact(
            name: "Row", qualifiedName: "ListView.Row", kind: .struct, inherited: ["View"], line: 12, column: 5,
            attributes: ["MainActor"], cases: [], isGeneric: true, storedTypes: ["Item"]
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(fact)
        let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys.sorted()
        #expect(keys == ["attributes", "cases", "column", "inherited", "isGeneric", "kind", "line", "name", "qualifiedName", "storedTypes"])
        #expect(try JSONDecoder().decode(TypeFact.self, from: data) == fact)
        var far = fact
        far.line = Int(Int32.max) + 10
        #expect(far.line == Int(Int32.max))
        #expect(far.column == 5)
        far.column = Int(Int32.max)
        #expect(far.column == (1 << 28) - 1)
        #expect(far.kind == .struct && far.isGeneric && far.line == Int(Int32.max))
    }

    /// The column, kind and genericity share 32 bits: each is set without touching the others,
    /// in either order.
    @Test(arguments: TypeFact.Kind.allCases)
    func aPackedFieldChangesAlone(kind: TypeFact.Kind) {
        #expect(TypeFact.Kind.allCases.count <= 8, "a kind's number has three bits")
        for isGeneric in [false, true] {
            for column in [0, 1, 80, 8 << 20] {
                var fact = TypeFact(name: "T", qualifiedName: "T", kind: .typealias, inherited: [], line: 7, column: 3, isGeneric: !isGeneric)
                fact.kind = kind
                fact.isGeneric = isGeneric
                fact.column = column
                #expect(fact.kind == kind && fact.isGeneric == isGeneric && fact.column == column && fact.line == 7)
                #expect(fact == TypeFact(name: "T", qualifiedName: "T", kind: kind, inherited: [], line: 7, column: column, isGeneric: isGeneric))
                var columnFirst = TypeFact(name: "T", qualifiedName: "T", kind: .class, inherited: [], line: 7, column: 3, isGeneric: !isGeneric)
                columnFirst.column = column
                columnFirst.kind = kind
                columnFirst.isGeneric = isGeneric
                #expect(columnFirst == fact)
            }
        }
        var negative = TypeFact(name: "T", qualifiedName: "T", kind: kind, inherited: [], line: 7, column: -4, isGeneric: true)
        #expect(negative.column == 0 && negative.kind == kind && negative.isGeneric)
        negative.column = -1
        #expect(negative.column == 0 && negative.kind == kind && negative.isGeneric)
    }

    /// A project where some actions are tested by name, one through its parent's factory, one
    /// protocol function is called, and the rest are not.
    private static let testedProject = [
        SourceInput(path: "Sources/App/FeedViewModel.swift", text: """
            import Observation
            @MainActor @Observable
            final class FeedViewModel {
                enum Action { case refresh, loadMore, share }
                enum ResponderAction { case opened }
                enum CodingKeys: String { case title, subtitle }
                func send(_ action: Action) {}
                func makeDetailViewModel() -> DetailViewModel { DetailViewModel() }
            }
            """),
        SourceInput(path: "Sources/App/DetailViewModel.swift", text: """
            import Observation
            @MainActor @Observable
            final class DetailViewModel {
                enum Action { case favourite, dismiss }
                func send(_ action: Action) {}
            }
            @MainActor protocol SettingsViewModeling: AnyObject {
                func save()
                func reset()
            }
            @MainActor @Observable
            final class SettingsViewModel: SettingsViewModeling {
                func save() {}
                func reset() {}
            }
            """),
        SourceInput(path: "Tests/AppTests/FeedViewModelTests.swift", text: """
            import Testing
            @Test func refreshes() {
                let model = FeedViewModel()
                model.send(.refresh)
                let detail = model.makeDetailViewModel()
                detail.send(.favourite)
                let settings = SettingsViewModel()
                settings.save()
                #expect(opened && unrelatedWord && anotherWord)
            }
            """),
    ]

    @Test func onlyActionEnumsKeepTheirCasesApart() throws {
        let result = Linter(jobs: 1, rules: .builtIn).lint(Self.testedProject, configurationForFile: { _ in Configuration() })
        let feed = try #require(result.facts.first { $0.path.hasSuffix("FeedViewModel.swift") })
        #expect(feed.enumCases.map { "\($0.enumName).\($0.caseName)" } == ["Action.refresh", "Action.loadMore", "Action.share", "ResponderAction.opened"])
        // The other enum's cases are still in its type's facts.
        #expect(feed.types.first { $0.name == "CodingKeys" }?.cases == ["title", "subtitle"])
    }

    @Test func testWordsAreCutToWhatTheRulesAsk() throws {
        var linter = Linter(jobs: 2, rules: .builtIn)
        let kept = linter.lint(Self.testedProject, configurationForFile: { _ in Configuration() })
        var facts = kept.facts
        let asked = linter.testWordsAsked(in: facts)
        #expect(asked.isSuperset(of: ["refresh", "loadMore", "FeedViewModel", "makeFeedViewModel", "favourite", "makeDetailViewModel", "save", "SettingsViewModeling", "SettingsViewModel"]))
        #expect(!asked.contains("title") && !asked.contains("unrelatedWord"))
        let before = try #require(facts.first { $0.isTestFile }).testReferences
        // The facts read back as the project phase reads them: a test file's words cut as it is
        // decoded, once the other files' facts say which words are asked.
        let collector = ResultCollector(count: facts.count, encodesPending: true)
        for (index, file) in facts.enumerated() {
            collector.store(file, at: index)
        }
        // A run that returns its facts keeps every word; one that does not cuts them.
        #expect(linter.testWordCut == nil)
        linter.keepsFacts = false
        let cutWords = try #require(linter.testWordCut)
        var wordsAskedOf: [[String]] = []
        facts = collector.take(jobs: 2, sharingPathsOf: facts.map(\.path)) { files in
            wordsAskedOf.append(files.filter { !$0.isTestFile }.map(\.path))
            #expect(files.filter(\.isTestFile).allSatisfy { $0.testReferences.isEmpty && $0.types.isEmpty })
            return cutWords(files)
        }.facts
        #expect(wordsAskedOf == [kept.facts.filter { !$0.isTestFile }.map(\.path)])
        #expect(facts.map(\.path) == kept.facts.map(\.path))
        #expect(facts.map(\.types) == kept.facts.map(\.types) && facts.map(\.notices) == kept.facts.map(\.notices))
        let after = try #require(facts.first { $0.isTestFile }).testReferences
        #expect(after.count < before.count && !after.contains("unrelatedWord"))
        for word in asked {
            #expect(after.contains(word) == before.contains(word), "\(word)")
        }
        // A run that keeps no facts cuts the words and reports the same findings.
        let cut = linter.lint(Self.testedProject, configurationForFile: { _ in Configuration() })
        let untested = kept.diagnostics.filter { $0.ruleID == "every-action-tested" }.map(\.message)
        #expect(untested.count == 4, "\(untested)")
        #expect(untested.contains { $0.contains("Action.share") } && !untested.contains { $0.contains("favourite") })
        #expect(cut.diagnostics == kept.diagnostics)
    }

    /// The words asked are known before any test file is read back: a reader asks the same of the
    /// facts whole as of the facts with each test file as its path alone.
    @Test func everyTestWordReaderAsksTheSameWithoutTheTestFilesFacts() throws {
        let facts = Linter(jobs: 1, rules: .builtIn).lint(Self.testedProject, configurationForFile: { _ in Configuration() }).facts
        #expect(facts.contains { $0.isTestFile && !$0.testReferences.isEmpty })
        let readBackFirst = facts.map { $0.isTestFile ? FileFacts(path: $0.path, isTestFile: true) : $0 }
        let readers = RuleSet.builtIn.rules.compactMap { $0 as? any TestWordReader.Type }
        #expect(!readers.isEmpty)
        for reader in readers {
            let asked = reader.wordsAsked(in: facts)
            #expect(!asked.isEmpty)
            #expect(reader.wordsAsked(in: readBackFirst) == asked, "\(reader)")
        }
    }

    @Test func aRuleFromOutsideSeesEveryTestWordAndEveryEnumCase() throws {
        struct UnrelatedFactsRule: ProjectRule {
            static let description = RuleDescription(
                id: "unrelated-facts", summary: "A test's.", rationale: "For the test.", presets: .common,
                defaultSeverity: .warning, triggering: [], nonTriggering: []
            )
            func check(_ project: ProjectContext) -> [Diagnostic] {
                project.files.filter { file in
                    file.testReferences.contains("unrelatedWord") || file.enumCases.contains { $0.enumName == "CodingKeys" }
                }.map { file in
                    Diagnostic(path: file.path, line: 1, column: 1, ruleID: Self.description.id, severity: .warning, message: "Found.")
                }
            }
        }
        var linter = Linter(jobs: 2, rules: try .builtIn + [UnrelatedFactsRule.self])
        linter.keepsFacts = false
        #expect(linter.runsOutsideProjectRules && !Linter(jobs: 2, rules: .builtIn).runsOutsideProjectRules)
        #expect(linter.testWordCut == nil)
        let result = linter.lint(Self.testedProject, configurationForFile: { _ in Configuration() })
        let found = Set(result.diagnostics.filter { $0.ruleID == "unrelated-facts" }.map(\.path))
        #expect(found == ["Tests/AppTests/FeedViewModelTests.swift", "Sources/App/FeedViewModel.swift"])
    }

    /// The built-in rules that read test files' words say which (`TestWordReader`): a rule that
    /// read them without saying would look up words the project phase had cut.
    @Test func everyBuiltInRuleReadingTestWordsSaysWhichItAsks() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MVVMLint/Rules")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 30, "the scan found too few rule files; did the folder move?")
        var readers: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            if text.contains("testReferences") {
                readers.append(file)
                #expect(text.contains("TestWordReader"), "\(file) reads test words without saying which")
            }
        }
        #expect(readers == ["Common/EveryActionTestedRule.swift"])
    }

    @Test func keptWordsAnswerEveryWantedWordAsBefore() {
        let words: CodeWords = ["alpha", "beta", "gamma", "delta", "K", "\u{212A}elvin", "caf\u{E9}"]
        // Fewer wanted words than words, and more: each side is walked.
        let few: Set<String> = ["beta", "zeta", "\u{212A}", "cafe\u{301}"]
        let many = few.union((0..<20).map { "word\($0)" }).union(["alpha", "Kelvin"])
        for wanted in [few, many, []] {
            let kept = words.keeping(wanted)
            for word in wanted {
                #expect(kept.contains(word) == words.contains(word), "\(word)")
            }
            for word in words where !wanted.contains(word) {
                #expect(!kept.contains(word), "\(word)")
            }
        }
        // By their bytes: the spelling kept is the one a look-up was asked for, or the file's.
        #expect(Set(words.keeping(few).map { Array($0.utf8) }) == Set(["beta", "cafe\u{301}"].map { Array($0.utf8) }))
        #expect(Set(words.keeping(many).map { Array($0.utf8) }) == Set(["alpha", "beta", "K", "\u{212A}elvin", "caf\u{E9}"].map { Array($0.utf8) }))
    }
}
