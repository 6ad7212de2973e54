import Foundation
import Testing
@testable import MVVMLint

/// A discovery's files reach the linter as its paths and stamps, without an array of inputs.
struct SourceListTests {
    @Test func foundFilesAreTheInputsDiscoveryWouldMake() throws {
        let tree = try TemporaryTree([
            "Sources/App/FeedView.swift": "import SwiftUI\nstruct FeedView: View { var body: some View { Text(\"Feed\") } }\n",
            "Sources/App/FeedViewModel.swift": "final class FeedViewModel {}\n",
        ])
        defer { tree.remove() }
        for keepsStamps in [false, true] {
            let discovery = FileDiscovery(paths: [tree.url.path], configuration: Configuration(), keepsStamps: keepsStamps)
            let sources = discovery.sources, inputs = discovery.inputs
            #expect(sources.count == inputs.count && inputs.count == 2)
            #expect(sources.paths == discovery.found)
            for index in inputs.indices {
                #expect(sources[index].path == inputs[index].path)
                #expect(sources[index].stamp == inputs[index].stamp)
                #expect(sources[index].stamp != nil || !keepsStamps)
                guard case .file(let file) = sources[index].content, case .file(let expected) = inputs[index].content else {
                    Issue.record("a found file is read by path")
                    continue
                }
                #expect(file == expected)
            }
        }
    }

    @Test func givenInputsAreKeptAsGiven() {
        let inputs = [SourceInput(path: "A.swift", text: "struct A {}"), SourceInput(path: "B.swift", file: "Other/B.swift")]
        let sources = SourceList(inputs)
        #expect(sources.count == 2 && sources.paths == ["A.swift", "B.swift"])
        guard case .text(let text) = sources[0].content, case .file(let file) = sources[1].content else {
            Issue.record("the inputs changed")
            return
        }
        #expect(text == "struct A {}" && file == "Other/B.swift")
    }

    @Test func aSessionLintsItsDiscoveryAsTheInputsWouldBeLinted() throws {
        let tree = try TemporaryTree([
            "Sources/App/FeedView.swift": """
                import SwiftUI
                struct FeedView: View {
                    @StateObject private var model = FeedViewModel()
                    var body: some View { DetailView(viewModel: DetailViewModel()) }
                }
                """,
            "Sources/App/FeedViewModel.swift": "import Foundation\nfinal class FeedViewModel: ObservableObject { let defaults = UserDefaults.standard }\n",
        ])
        defer { tree.remove() }
        let discovery = FileDiscovery(paths: [tree.url.path], configuration: Configuration(), keepsStamps: false)
        let linter = Linter(jobs: 2, rules: .builtIn)
        let bySources = linter.lint(discovery.sources, configurationForFile: { _ in Configuration() })
        let byInputs = linter.lint(discovery.inputs, configurationForFile: { _ in Configuration() })
        #expect(!bySources.diagnostics.isEmpty)
        #expect(bySources.diagnostics == byInputs.diagnostics)
    }
}
