/// The rule book entry of ``ViewStateMutationRule``: its documentation, and the examples that run as its tests.
extension ViewStateMutationRule {
    static let description = RuleDescription(
        id: "view-state-mutation",
        summary: "A view does not mutate its own @State data (append, remove, +=, ...); it sends an action.",
        rationale: """
            The responder rule book's rule 4 shows a view appending to its own `@State` array as the thing not to do: the \
            data must come from, and change in, the view model (the DevConfiguration architecture notes: views hold no logic). Changing \
            the data in state is reported: mutating calls (`append`, `remove`, `sort`...), compound \
            assignment (`+=`), and assigning or toggling an element or member (`items[0] = x`, \
            `draft.title = x`). Presentation state is the view's own: bindings (`$text`), replacing or \
            toggling a whole value (`isPresented = true`, `selectedTab = .a`, `flag.toggle()`), and a \
            `NavigationPath`, or any state bound as a navigation stack's `path:` or a list's `selection:`, \
            that the view pushes onto or selects into are left alone, as is emptying a whole value \
            (`selection.removeAll()`, like `selection = []`), and so is an observable object the view keeps in `@State` (a class of \
            the file, a view model, or a value of a generic parameter): its members are not the view's \
            data. Two shapes of presentation state are known by their use alone. A selection kept by hand: a `Set` \
            named as a selection (`selectedDevices`) that the view only fills and empties (`insert`, `remove`, \
            `removeAll`, `formUnion`, `subtract`, `toggle`), tests (`contains`, `count`, `isEmpty`, `first`), iterates, \
            hands on as a binding, replaces with a value it did not await, or passes to its view model's intent \
            (`viewModel.delete(ids: selectedDevices)`). And a trigger: an `Int` that the view only increments, \
            resets, and hands on as a binding to a modifier (not to a view, a `Stepper` or another control that shows \
            it) or as a modifier's trigger (`.id(x)`, `.animation(_, value: x)`, `.sensoryFeedback(_, trigger: x)`, \
            `.task(id: x)`, `.onChange(of: x)` whose action takes no values). Any other use (shown in text, sent to \
            a service, filled from awaited data, even through `formUnion`) makes it data again.
            """,
        presets: .common, defaultSeverity: .warning,
        triggering: [
            RuleExample("""
                struct NumbersView: View {
                    @State private var items: [Int] = []
                    var body: some View {
                        Button("add") { ↓items.append(0) }
                    }
                }
                """),
            RuleExample("""
                struct ScoreView: View {
                    @State private var score = 0
                    @State private var isOn = false
                    var body: some View {
                        Button("+") { ↓score += 1; isOn.toggle() }
                    }
                }
                """),
            RuleExample("""
                struct EditorView: View {
                    @State private var draft = Draft()
                    @State private var items = [0, 1]
                    var body: some View {
                        Button("Rename") { ↓draft.title = "Untitled" }
                        Button("Tag") { ↓draft.tags.append("new") }
                        Button("Pin") { ↓self.draft.isPinned.toggle() }
                        Button("Reset") { ↓items[0] = 0 }
                    }
                }
                """),
            RuleExample("""
                struct DevicesView: View {
                    let service: DeviceService
                    @State private var selectedDevices: Set<String> = []
                    @State private var selectedTags: Set<String> = []
                    @State private var tags: Set<String> = []
                    var body: some View {
                        Button("Pick") { ↓selectedDevices.insert("a"); ↓tags.insert("b") }
                        Button("Delete") { service.delete(ids: selectedDevices) }
                        Button("Tag") { ↓selectedTags.insert("new") }
                            .task { selectedTags = try await service.favoriteTags() }
                            .disabled(tags.contains("b"))
                    }
                }
                """),
            RuleExample("""
                struct TapCounterView: View {
                    @State private var taps = 0
                    @State private var guests = 1
                    var body: some View {
                        Text("\\(taps) taps").sensoryFeedback(.increase, trigger: taps)
                        Button("Tap") { ↓taps += 1 }
                        Stepper("Guests", value: $guests)
                        Button("Add") { ↓guests += 1 }
                    }
                }
                """),
            // A count handed to a view that shows it, and a selection filled from awaited data.
            RuleExample("""
                struct CartRow: View {
                    @State private var quantity = 1
                    @State private var selectedPhotos: Set<String> = []
                    let library: PhotoLibrary
                    var body: some View {
                        QuantityBadge(value: $quantity)
                        Button("More") { ↓quantity += 1 }
                        Button("All") { Task { ↓selectedPhotos.formUnion(try await library.allIDs()) } }
                    }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("""
                struct DevicesView: View {
                    @ObservedObject var viewModel: DevicesViewModel
                    @State private var selectedDevices: Set<String> = []
                    var body: some View {
                        ForEach(viewModel.deviceIDs, id: \\.self) { id in
                            DeviceRow(id: id, isSelected: selectedDevices.contains(id)) {
                                if selectedDevices.contains(id) { selectedDevices.remove(id) } else { selectedDevices.insert(id) }
                            }
                        }
                        Button("Select all") { selectedDevices = Set(viewModel.deviceIDs) }
                        Button("Delete \\(selectedDevices.count)") {
                            viewModel.delete(ids: selectedDevices)
                            selectedDevices.removeAll()
                        }
                        .disabled(selectedDevices.isEmpty)
                    }
                }
                """),
            RuleExample("""
                struct SelectUserView: View {
                    @StateObject private var viewModel = SelectUserViewModel()
                    @State private var selectedUsers: Set<UserState> = []
                    var body: some View {
                        UserGrid(users: viewModel.users, selectedUsers: $selectedUsers)
                        Button("Delete") {
                            viewModel.send(.deleteUsers(Array(selectedUsers)))
                            selectedUsers.removeAll()
                        }
                    }
                    private func delete(user: UserState) {
                        selectedUsers.insert(user)
                    }
                }
                """),
            RuleExample("""
                struct ConfettiOverlay: View {
                    @Binding var fireConfetti: Bool
                    @State private var counter = 0
                    @State private var redraw = 0
                    @State private var taps: Int = 0
                    var body: some View {
                        EmptyView()
                            .confettiCannon(counter: $counter, num: 200)
                            .onChange(of: fireConfetti) { if fireConfetti { counter += 1 } }
                        Content().id(redraw).onReceive(updates) { _ in redraw += 1 }
                        Button("Tap") { taps += 1 }.sensoryFeedback(.increase, trigger: taps)
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct EditorView: View {
                    @State private var textView = UITextView()
                    var body: some View {
                        Button("Lock") { textView.isEditable = false }
                    }
                }
                """),
            RuleExample("""
                struct LanguagePicker: View {
                    @State private var languages: [String] = []
                    static func load() -> [String] {
                        var languages: [String: String] = [:]
                        languages["en"] = "English"
                        return Array(languages.values)
                    }
                    var body: some View {
                        Button("Sort") {
                            var languages = ["fr", "de"]
                            languages.sort()
                        }
                    }
                }
                """),
            RuleExample("""
                struct TagsView: View {
                    @State private var selectedTags: Set<String> = []
                    @State private var picked: [Int] = []
                    var body: some View {
                        List(viewModel.tags, id: \\.self, selection: $selectedTags) { Text($0) }
                        Button("Select all") { selectedTags.formUnion(viewModel.tags) }
                        Button("Clear") { picked.removeAll() }
                    }
                }
                """),
            RuleExample("""
                import SwiftUI
                struct AccountStatusesView: View {
                    @State private var fetcher: AccountStatusesFetcher?
                    var body: some View {
                        Button("More") { fetcher?.page += 1 }
                    }
                }
                """, extraFiles: ["Sources/App/AccountStatusesFetcher.swift": """
                @MainActor final class AccountStatusesFetcher { var page = 0 }
                """]),
            RuleExample("""
                struct NumbersView: View {
                    @StateObject var viewModel = NumbersViewModel()
                    var body: some View {
                        Button("add") { viewModel.send(.append(0)) }
                    }
                }
                """),
            RuleExample("""
                struct LoginView: View {
                    @State private var username = ""
                    @State private var isShowingHelp = false
                    var body: some View {
                        TextField("Name", text: $username)
                        Button("Help") { isShowingHelp = true }
                    }
                }
                """),
            RuleExample("""
                struct LibraryView: View {
                    @State private var path = NavigationPath()
                    @State private var isEditing = false
                    var body: some View {
                        NavigationStack(path: $path) {
                            Button("Open") { path.append(7) }
                            Button("Edit") { withAnimation { isEditing.toggle() } }
                        }
                    }
                }
                """),
            RuleExample("""
                struct RootView: View {
                    enum Tab { case feed, profile }
                    @State private var selectedTab = Tab.feed
                    @State private var offset = CGSize.zero
                    @State private var routes: [Route] = []
                    @State private var draft = Draft()
                    var body: some View {
                        NavigationStack(path: $routes) {
                            Button("Profile") { selectedTab = .profile; routes.append(.settings) }
                            Button("Back") { routes.removeLast() }
                            Button("Discard") { self.draft = Draft(); offset = .zero }
                        }
                    }
                }
                """),
            RuleExample("""
                @Observable final class RouterPath {
                    var path: [Route] = []
                }
                struct ListScreen<Fetcher: StatusesFetching>: View {
                    @State private var fetcher: Fetcher
                    var body: some View { Button("More") { fetcher.page += 1; fetcher.statuses.removeAll() } }
                }
                struct TabRoot: View {
                    @State private var router = RouterPath()
                    @State private var session = SessionViewModel()
                    var body: some View {
                        Button("Home") { router.path = []; session.isActive.toggle() }
                    }
                }
                """),
        ]
    )
}
