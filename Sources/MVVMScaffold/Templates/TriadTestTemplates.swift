// Tests for the triad screens: every intent of the protocol has one, without sleeps.

enum TriadTestTemplates {
    static let testsWithoutDependencies = """
        @testable import {{Module}}
        import MVVMTesting
        import Testing

        @MainActor
        struct {{Name}}ViewModelTests {
            @Test func startsWithTheTitleAndNoRows() {
                let sut = {{Name}}ViewModel(title: "Title")
                #expect(sut.title == "Title")
                #expect(sut.items.isEmpty)
            }

            @Test func addItemAppendsANumberedRowAndChangesOnlyItems() throws {
                let sut = {{Name}}ViewModel()
                let recorder = try ChangeRecorder(sut, tracking: ["items": \\.items])

                recorder.expectChanges(during: { sut.addItem() }) { $0.items = ["Item 1"] }
                recorder.expectChanges(during: { sut.addItem() }) { $0.items = ["Item 1", "Item 2"] }
            }
        }

        """

    /// The loading tests; `{{MakeViewModel}}` is how the variant makes its view model from `loader`.
    static let testsWithLoading = """
        @testable import {{Module}}
        import MVVM
        import MVVMTesting
        import Testing

        \(SharedTemplates.mockLoader)
        @MainActor
        struct {{Name}}ViewModelTests {
            let loader = Mock{{Name}}Loader()
            let tasks = TaskOwner()
        {{ExtraFixtures}}
            func makeSUT(tasks: TaskOwner) -> {{Name}}ViewModel {
                {{MakeViewModel}}
            }

            func makeSUT() -> {{Name}}ViewModel {
                makeSUT(tasks: tasks)
            }

            @Test func startsEmptyAndIdle() {
                let sut = makeSUT()
                #expect(sut.items.isEmpty)
                #expect(sut.loadState == .idle)
                #expect(loader.loadItemsStub.callCount == 0)
            }

            @Test func loadShowsLoadingThenTheRows() async throws {
                loader.loadItemsStub.enqueue(.success(["One", "Two"]))
                // Fails at its end on any change, or work, the test did not account for.
                try await withViewModelHarness(of: { makeSUT(tasks: $0.tasks) }, sendingUp: Never.self, tracking: [
                    "items": \\.items, "loadState": \\.loadState,
                ]) { test in
                    test.expectChanges(during: { test.viewModel.load() }) { $0.loadState = .loading }
                    try await test.untilIdle()
                    test.expectChanges {
                        $0.items = ["One", "Two"]
                        $0.loadState = .idle
                    }
                }
                #expect(loader.loadItemsStub.callCount == 1)
            }

            @Test func loadFailureKeepsTheRowsAndReportsTheError() async throws {
                loader.loadItemsStub.enqueue(.failure({{Name}}LoadFailure()))
                let sut = makeSUT()

                sut.load()
                try await tasks.untilIdle()

                #expect(sut.loadState == .failed(message: "Could not load: offline"))
                #expect(sut.items.isEmpty)
            }
        {{ExtraTests}}}

        """

    static let makeWithDependenciesStruct = "{{Name}}ViewModel(dependencies: .init(loader: loader), tasks: tasks)"

    static let makeWithDependencyProvider = "{{Name}}ViewModel(dependencyProvider: provider, tasks: tasks)"

    static let providerFixture = """
            let provider: Mock{{Name}}ViewModelDependencyProvider

            init() {
                provider = Mock{{Name}}ViewModelDependencyProvider(loader: loader)
            }

        """

    static let providerTests = """

            @Test func eachLoadAsksTheProviderForALoader() async throws {
                let sut = makeSUT()

                sut.load()
                try await tasks.untilIdle()
                sut.load()
                try await tasks.untilIdle()

                #expect(provider.makeLoaderStub.callCount == 2)
            }

        """

    static let mockDependencyProvider = """
        @testable import {{Module}}
        import MVVMTesting

        /// A test double of the {{Name}} view model's provider: one stub per requirement, which
        /// records its calls and returns a configured (or queued) result.
        @MainActor
        final class Mock{{Name}}ViewModelDependencyProvider: {{Name}}ViewModel.DependencyProviding {
            let makeLoaderStub: Stub<Void, any {{Name}}Loading>

            init(loader: any {{Name}}Loading) {
                makeLoaderStub = Stub(defaultReturnValue: loader)
            }

            func makeLoader() -> any {{Name}}Loading {
                makeLoaderStub()
            }
        }

        """
}
