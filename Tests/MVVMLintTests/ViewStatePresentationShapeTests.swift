import Testing
@testable import MVVMLint

/// `view-state-mutation` leaves a hand-rolled selection and a trigger alone only while every use
/// of the state fits the shape; one use that reads it as data brings the findings back.
@Suite struct ViewStatePresentationShapeTests {
    private func lines(_ members: String) throws -> [Int] {
        let source = """
            struct ItemsView: View {
                @ObservedObject var viewModel: ItemsViewModel
                let service: ItemService
            \(members)
            }
            """
        let linter = Linter(jobs: 1, rules: try RuleSet([ViewStateMutationRule.self]))
        return linter.lint([SourceInput(path: "Sources/App/Views.swift", text: source)], configurationForFile: { _ in Configuration() })
            .diagnostics.map(\.line)
    }

    @Test func aSelectionReachedThroughSelfOrHandedToTheViewModelStaysPresentation() throws {
        #expect(try lines("""
                @State private var selectedIDs: Set<Int> = []
                var body: some View {
                    Button("Pick") { self.selectedIDs.insert(1) }
                    Button("Delete") { viewModel.send(.delete(ids: Array(self.selectedIDs))) }
                    ForEach(Array(viewModel.ids), id: \\.self) { Text("\\($0)") }
                    Button("Log") { for id in selectedIDs { print(id) } }
                }
            """).isEmpty)
    }

    @Test func aSelectionPassedThroughAnotherObjectOrSetFromOutsideIsData() throws {
        #expect(try lines("""
                @State private var selectedIDs: Set<Int> = []
                var body: some View {
                    Button("Pick") { selectedIDs.insert(1) }
                    Button("Delete") { viewModel.delete(ids: service.resolve(selectedIDs)) }
                }
            """) == [6])
        #expect(try lines("""
                @State private var selectedIDs: Set<Int> = []
                init(ids: Set<Int>) { _selectedIDs = State(initialValue: ids) }
                var body: some View {
                    Button("Pick") { selectedIDs.insert(1) }
                }
            """) == [7])
        #expect(try lines("""
                @State private var selectedIDs: Set<Int> = []
                var body: some View {
                    Button("Pick") { selectedIDs.insert(1) }
                    Text(selectedIDs.description)
                }
            """) == [6])
    }

    @Test func aTriggerIsOnlyWatchedForItsChanges() throws {
        #expect(try lines("""
                @State private var bounce = 0
                var body: some View {
                    Image("logo").animation(.default, value: bounce).task(id: bounce) { await viewModel.load() }
                    Button("Bounce") { bounce += 1 }.onChange(of: bounce) { viewModel.send(.bounced) }
                }
            """).isEmpty)
        // The action takes the old and new values: it reads the count.
        #expect(try lines("""
                @State private var bounce = 0
                var body: some View {
                    Button("Bounce") { bounce += 1 }.onChange(of: bounce) { old, new in print(new) }
                }
            """) == [6])
        // A step that is not a constant is arithmetic on data.
        #expect(try lines("""
                @State private var bounce = 0
                var body: some View {
                    Button("Bounce") { bounce += viewModel.step }.id(bounce)
                }
            """) == [6])
    }
}
