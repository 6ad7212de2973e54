import CommandTestSupport
@testable import MVVMLint
import MVVMLintTesting
import Testing

/// When `view-model-property-name` renames a view's property, and why it leaves one alone: a
/// rename is applied only where every use is found in the file and none can change meaning.
struct PropertyRenameTests {
    /// The property's finding in `code` (a view `V` holding `model`), with its fix applied.
    static func rename(_ code: String, extraFiles: [String: String] = [:]) async throws -> (fixed: String?, reason: String?) {
        try await onOwnThread {
            let runner = RuleExampleRunner(rules: .builtIn)
            let example = RuleExample(code, extraFiles: extraFiles)
            let linted = try runner.diagnostics(of: example, for: ViewModelPropertyNameRule.description, mainText: code)
            // The rename is worked out in the fix pass, as `--fix` does, over every file.
            let sources = [SourceInput(path: example.path, text: code)] + extraFiles.sorted { $0.key < $1.key }.map { SourceInput(path: $0.key, text: $0.value) }
            let found = RuleSet.builtIn.completingFixes(linted, in: sources).filter { $0.message.hasSuffix("names its view model 'model'.") }
            guard found.count == 1, let finding = found.first else { return (nil, "found \(found.count) findings") }
            return (finding.fix.map { FileFixer.apply($0, to: code) }, finding.unfixedReason)
        }
    }

    static func view(_ members: String, after: String = "") -> String {
        "import SwiftUI\nstruct V: View {\n    @State private var model: VViewModel\n    init(m: VViewModel) { _model = State(initialValue: m) }\n"
            + members + "\n}\n" + after
    }

    @Test func usesInNestedTypesStaticMembersAndBehindParametersAreNotTheProperty() async throws {
        let code = Self.view("""
                var body: some View { Button("x") { go(model) } }
                func go(_ model: VViewModel) { print(model, self.model) }
                static func make(model: VViewModel) -> Int { model.count }
                struct Row { let model: Int; var text: String { "\\(model)" } }
                var list: some View { List([1]) { model in Text("\\(model)") } }
            """)
        let result = try await Self.rename(code)
        #expect(result.reason == nil)
        #expect(result.fixed == Self.view("""
                var body: some View { Button("x") { go(viewModel) } }
                func go(_ model: VViewModel) { print(model, self.viewModel) }
                static func make(model: VViewModel) -> Int { model.count }
                struct Row { let model: Int; var text: String { "\\(model)" } }
                var list: some View { List([1]) { model in Text("\\(model)") } }
            """).replacingOccurrences(of: "private var model", with: "private var viewModel").replacingOccurrences(of: "_model =", with: "_viewModel ="))
    }

    @Test(arguments: [
        ("var body: some View { let model = 1; Text(\"\\(model)\") }", "'model' is declared again inside the view"),
        ("var body: some View { Text(other.model.title) }\nlet other: W", "'.model' is used on another value, which may be this view"),
        ("var body: some View { Text(\"\") }\nvar path: KeyPath<V, VViewModel> { \\.model }", "'model' is used in a key path, which the fix does not follow"),
        ("var body: some View { Text(viewModel) }", "'viewModel' is already used in the view"),
        ("var body: some View { Text(`model`.title) }", "'model' is written in backticks, which the fix does not follow"),
        ("var body: some View { Text(row(model: .init())) }\nfunc row(@Binding model: Item) -> String { $model.title }",
         "a parameter 'model' with a wrapper also declares '_model' and '$model'"),
        ("var body: some View { ForEach($model.items) { $model in Text(model.title) } }",
         "a parameter '$model' with a wrapper also declares '_model' and '$model'"),
    ])
    func aRenameThatCouldChangeMeaningIsLeftWithItsReason(members: String, reason: String) async throws {
        let result = try await Self.rename(Self.view(members))
        #expect(result.fixed == nil)
        #expect(result.reason == reason)
    }

    @Test func aMemberwiseInitializerLabelInTheFileLeavesItAlone() async throws {
        let code = "import SwiftUI\nstruct V: View {\n    @State private var model: VViewModel\n    var body: some View { Text(model.title) }\n}\n"
        let used = try await Self.rename(code + "#Preview { V(model: VViewModel()) }\n")
        #expect(used.reason == "the memberwise initializer's 'model:' label may be in use")
        let unused = try await Self.rename(code)
        #expect(unused.fixed == code.replacingOccurrences(of: "model", with: "viewModel"))
    }

    @Test func aCaptureListIsReadOutsideItsClosureAndAnIfConditionIsNoUse() async throws {
        let members = "var body: some View { Button(\"x\") { [title = model.title] model in print(title, model) } }\n#if model\nvar extra: Int { 1 }\n#endif"
        let result = try await Self.rename(Self.view(members))
        #expect(result.reason == nil)
        #expect(result.fixed == Self.view(members.replacingOccurrences(of: "[title = model.title]", with: "[title = viewModel.title]"))
            .replacingOccurrences(of: "private var model", with: "private var viewModel").replacingOccurrences(of: "_model =", with: "_viewModel ="))
    }

    @Test func aProtocolTheViewMaySatisfyLeavesItAlone() async throws {
        let declared = Self.view("var body: some View { Text(model.title) }", after: "private protocol HoldsModel { var model: VViewModel { get } }\n")
        #expect(try await Self.rename(declared).reason == "a protocol in this file names 'model' or 'viewModel', which the view may satisfy")
        let privateView = Self.view("var body: some View { Text(model.title) }", after: "extension V: Identifiable {}\n")
            .replacingOccurrences(of: "struct V: View", with: "private struct V: View")
        #expect(try await Self.rename(privateView).reason == "the view may satisfy a protocol requirement named 'model'")
    }

    @Test func anExtensionInAnotherFileLeavesItAlone() async throws {
        let code = Self.view("var body: some View { Text(model.title) }")
        let result = try await Self.rename(code, extraFiles: ["Sources/App/V+Preview.swift": "extension V {\n    var viewModel: String { \"preview\" }\n}\n"])
        #expect(result.fixed == nil)
        #expect(result.reason == "the view has extensions in other files, which may declare 'viewModel'")
    }

    @Test func aCodableViewIsLeftAlone() async throws {
        let codable = Self.view("var body: some View { Text(model.title) }", after: "extension V: Codable {}\n")
        #expect(try await Self.rename(codable).reason == "the view's coding keys come from its property names")
    }
}
