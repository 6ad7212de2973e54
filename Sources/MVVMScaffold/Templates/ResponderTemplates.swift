// The responder style's screen (seed 004): the view sends actions, the view model's sections
// follow the anatomy in order, and what the screen does not handle goes up through a Responder.

enum ResponderTemplates {
    static let viewModel = """
        import MVVM
        import Observation

        \(SharedTemplates.loading)
        /// The {{Name}} screen's view model: the view sends ``Action``s and reads ``state``; a picked
        /// row goes up to the parent as a ``ResponderAction``.
        @MainActor
        @Observable
        final class {{Name}}ViewModel: ActionSending {

            // MARK: - Properties & Dependencies

            private let loader: any {{Name}}Loading
            private let tasks: TaskOwner

            // MARK: - Lifecycle

            /// Creates the view model. Nothing loads until the view sends ``Action/load``.
            ///
            /// - Parameters:
            ///   - loader: Loads the rows.
            ///   - responder: Receives what this screen does not handle itself.
            ///   - tasks: Owns the load; pass your own in tests to await it.
            init(loader: any {{Name}}Loading, responder: Responder<ResponderAction>, tasks: TaskOwner = TaskOwner()) {
                self.loader = loader
                self.responder = responder
                self.tasks = tasks
            }

            // MARK: - Responder

            /// What this screen hands up to its parent.
            enum ResponderAction: Equatable {
                /// The user picked a row.
                case selected(String)
            }

            private let responder: Responder<ResponderAction>

            // MARK: - Input

            /// What the view (or the view model itself, for the next step) can ask for.
            enum Action: Equatable {
                /// Load the rows.
                case load
                /// The loader returned the rows.
                case loaded([String])
                /// The loader failed; the message is for the user.
                case failed(String)
                /// The user picked a row.
                case select(String)
            }

            func send(_ action: Action) {
                switch action {
                case .load:
                    state = .loading
                    startLoading()

                case .loaded(let items):
                    state = .loaded(items)

                case .failed(let message):
                    state = .failed(message)

                case .select(let item):
                    responder.send(.selected(item))
                }
            }

            // MARK: - Output

            /// Where the screen is. Rows exist only once loaded and a failure carries its message,
            /// so impossible states cannot be expressed.
            enum State: Equatable, Sendable {
                /// Nothing asked for yet.
                case idle
                /// A load is running.
                case loading
                /// The rows, in display order.
                case loaded([String])
                /// The last load failed.
                case failed(String)
            }

            private(set) var state: State = .idle

            // MARK: - Support

            private func startLoading() {
                let loader = self.loader
                tasks.start(id: "load") { [weak self] in
                    do {
                        let items = try await loader.loadItems()
                        guard !Task.isCancelled else { return }
                        self?.send(.loaded(items))
                    } catch {
                        guard !Task.isCancelled else { return }
                        self?.send(.failed("Could not load: \\(error)"))
                    }
                }
            }
        }

        """

    static let view = """
        #if canImport(SwiftUI)
        import MVVM
        import SwiftUI

        /// Shows the {{Name}} screen. It sends actions and reads the view model's state; it has no
        /// logic of its own.
        struct {{Name}}View: View {

            // MARK: - View Model

            @State var viewModel: {{Name}}ViewModel

            /// Creates the view for a view model made by its parent's view model (or a preview).
            init(viewModel: {{Name}}ViewModel) {
                _viewModel = State(initialValue: viewModel)
            }

            // MARK: - Body

            var body: some View {
                List {
                    switch viewModel.state {
                    case .idle, .loading:
                        ProgressView()
                    case .loaded(let items):
                        ForEach(items, id: \\.self) { item in
                            Button(item) {
                                viewModel.send(.select(item))
                            }
                        }
                    case .failed(let message):
                        Text(message)
                            .foregroundStyle(.red)
                    }
                }
                .task {
                    viewModel.send(.load)
                }
            }
        }

        \(SharedTemplates.previewLoader)
        #Preview {
            NavigationStack {
                {{Name}}View(viewModel: {{Name}}ViewModel(loader: Preview{{Name}}Loader(), responder: .noop))
            }
        }
        #endif

        """

    static let tests = """
        @testable import {{Module}}
        import MVVM
        import MVVMTesting
        import Testing

        \(SharedTemplates.mockLoader)
        @MainActor
        struct {{Name}}ViewModelTests {
            let loader = Mock{{Name}}Loader()
            let parent = RecordingResponder<{{Name}}ViewModel.ResponderAction>()
            let tasks = TaskOwner()

            func makeSUT() -> {{Name}}ViewModel {
                {{Name}}ViewModel(loader: loader, responder: parent.responder, tasks: tasks)
            }

            /// The view model on the clock, task owner and responder a harness controls.
            func makeSUT(_ controls: TestControls<{{Name}}ViewModel.ResponderAction>) -> {{Name}}ViewModel {
                {{Name}}ViewModel(loader: loader, responder: controls.responder, tasks: controls.tasks)
            }

            @Test func loadShowsLoadingThenTheLoadedRows() async throws {
                loader.loadItemsStub.enqueue(.success(["One", "Two"]))
                // Fails at its end on any change, action or work the test did not account for.
                try await withViewModelHarness(of: makeSUT(_:), tracking: ["state": \\.state]) { test in
                    test.expectChanges(during: { test.viewModel.send(.load) }) { $0.state = .loading }
                    try await test.untilIdle()
                    test.expectChanges { $0.state = .loaded(["One", "Two"]) }
                }
                #expect(loader.loadItemsStub.callCount == 1)
            }

            @Test func loadFailureShowsItsMessage() async throws {
                loader.loadItemsStub.enqueue(.failure({{Name}}LoadFailure()))
                let sut = makeSUT()

                sut.send(.load)
                try await tasks.untilIdle()

                #expect(sut.state == .failed("Could not load: offline"))
            }

            @Test func loadedReplacesTheState() {
                let sut = makeSUT()
                sut.send(.loaded(["Three"]))
                #expect(sut.state == .loaded(["Three"]))
            }

            @Test func failedShowsTheMessage() {
                let sut = makeSUT()
                sut.send(.failed("broken"))
                #expect(sut.state == .failed("broken"))
            }

            @Test func selectTellsTheParentWhichRowWasSelected() async throws {
                try await withViewModelHarness(of: makeSUT(_:), tracking: ["state": \\.state]) { test in
                    test.expectNoChanges { test.viewModel.send(.select("Two")) }
                    test.expectSent(.selected("Two"))
                }
            }
        }

        """
}
