import MVVMLint
import Testing

/// "Is this a preview?" has one answer for the rules (`Previews`), the index and the graph
/// (`ProjectIndex.isPreview`): a preview provider and every type declared in it, or in an
/// extension of it, whatever the types are named.
struct PreviewRoleTests {
    private func lint(_ files: [String: String]) -> LintResult {
        let sources = files.sorted { $0.key < $1.key }.map { SourceInput(path: $0.key, text: $0.value) }
        let configuration = Configuration()
        return Linter(jobs: 1, rules: .builtIn).lint(sources, configurationForFile: { _ in configuration })
    }

    private static let previews = """
        import SwiftUI
        struct Keypad_Previews: PreviewProvider {
            static var previews: some View { KeypadTestView() }
            struct KeypadTestView: View {
                @StateObject var model = PinModel()
                var body: some View { Text(model.pin) }
            }
            final class PinViewModel: ObservableObject { @Published var pin = "" }
        }
        extension Keypad_Previews {
            struct LockedHost: View {
                @State var model = LockedModel()
                var body: some View { Text(model.pin) }
            }
        }
        final class PinModel: ObservableObject { @Published var pin = "" }
        @Observable final class LockedModel { var pin = "" }
        """

    @Test func typesInAPreviewProviderAreNeitherViewsNorViewModels() {
        let result = lint(["Sources/App/Keypad.swift": Self.previews])
        let index = ProjectIndex(result.facts)
        let path = "Sources/App/Keypad.swift"
        #expect(!index.has(.view, "Keypad_Previews.KeypadTestView", in: path))
        #expect(!index.has(.view, "Keypad_Previews.LockedHost", in: path))
        #expect(!index.has(.viewModel, "Keypad_Previews.PinViewModel", in: path))
        // Owned only by previews' views: the objects they show, no view models.
        #expect(!index.has(.viewModel, "PinModel", in: path))
        #expect(!index.has(.viewModel, "LockedModel", in: path))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    @Test func theAppsOwnViewStillMakesItsObjectAViewModel() {
        let result = lint(["Sources/App/Keypad.swift": Self.previews + """

            struct LockScreen: View {
                @StateObject private var model = PinModel()
                var body: some View { Text(model.pin) }
            }
            """])
        let index = ProjectIndex(result.facts)
        #expect(index.has(.viewModel, "PinModel", in: "Sources/App/Keypad.swift"))
        #expect(!index.has(.viewModel, "LockedModel", in: "Sources/App/Keypad.swift"))
    }

    @Test func theGraphLeavesOutWhatAPreviewProviderExtensionMakes() {
        let result = lint(["Sources/App/List.swift": """
            import SwiftUI
            @MainActor @Observable final class ListViewModel {}
            struct ListScreen_Previews: PreviewProvider {
                static var previews: some View { EmptyView() }
            }
            extension ListScreen_Previews {
                enum Samples { static let model = ListViewModel() }
            }
            """])
        let graph = ViewModelGraph(facts: result.facts)
        #expect(graph.hosts.isEmpty)
    }
}
