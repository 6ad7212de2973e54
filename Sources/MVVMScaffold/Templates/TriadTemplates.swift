// The triad style's screen, in three dependency patterns. `{{Name}}` is the screen's name and
// `{{Module}}` the module the test file imports; nothing else is substituted, so the same text
// also becomes the Xcode file template.

enum TriadTemplates {
    // MARK: - Protocol

    static let viewModelingWithoutDependencies = """
        import Observation

        /// What the {{Name}} screen needs from its view model: what it shows, and what the user can do.
        @MainActor
        protocol {{Name}}ViewModeling: Observable {
            /// The screen's title.
            var title: String { get }
            /// The rows, in display order.
            var items: [String] { get }
            /// Appends a new, numbered row.
            func addItem()
        }

        """

    static let viewModelingWithLoading = """
        import Observation

        /// What the {{Name}} screen needs from its view model: what it shows, and what the user can do.
        @MainActor
        protocol {{Name}}ViewModeling: Observable {
            /// The screen's title.
            var title: String { get }
            /// The rows, in display order.
            var items: [String] { get }
            /// Whether a load is running or failed.
            var loadState: {{Name}}LoadState { get }
            /// Loads the rows, replacing a load in flight.
            func load()
        }

        /// Where loading the {{Name}} screen is. A failure carries its message, so a failure without
        /// one cannot be expressed.
        enum {{Name}}LoadState: Equatable, Sendable {
            /// Nothing is loading.
            case idle
            /// A load is running.
            case loading
            /// The last load failed; the message is for the user.
            case failed(message: String)
        }

        """

    // MARK: - Model

    // MARK: - View model

    /// `load()` and the helper it finishes with, shared by the loading variants; `{{Loader}}` is
    /// how each gets its loader.
    static let loadingMembers = """
            func load() {
                loadState = .loading
                let loader = {{Loader}}
                tasks.start(id: "load") { [weak self] in
                    do {
                        let items = try await loader.loadItems()
                        guard !Task.isCancelled else { return }
                        self?.finishLoading(.success(items))
                    } catch {
                        guard !Task.isCancelled else { return }
                        self?.finishLoading(.failure(error))
                    }
                }
            }

            private func finishLoading(_ result: Result<[String], any Error>) {
                switch result {
                case .success(let items):
                    self.items = items
                    loadState = .idle
                case .failure(let error):
                    loadState = .failed(message: "Could not load: \\(error)")
                }
            }
        """

    static let viewModelWithoutDependencies = """
        import Observation

        /// The {{Name}} screen's view model.
        @MainActor
        @Observable
        final class {{Name}}ViewModel: {{Name}}ViewModeling {
            let title: String
            private(set) var items: [String] = []

            /// Creates the view model.
            init(title: String = "{{Name}}") {
                self.title = title
            }

            func addItem() {
                items.append("Item \\(items.count + 1)")
            }
        }

        """

    static let viewModelWithDependenciesStruct = """
        import MVVM
        import Observation

        \(SharedTemplates.loading)
        /// The {{Name}} screen's view model. Its services arrive in ``Dependencies``, created once and
        /// kept for its lifetime.
        @MainActor
        @Observable
        final class {{Name}}ViewModel: {{Name}}ViewModeling {
            /// What this view model needs from the model layer.
            struct Dependencies {
                let loader: any {{Name}}Loading
            }

            let title: String
            private(set) var items: [String] = []
            private(set) var loadState: {{Name}}LoadState = .idle

            private let dependencies: Dependencies
            private let tasks: TaskOwner

            /// Creates the view model. Nothing loads until ``load()``.
            ///
            /// - Parameters:
            ///   - dependencies: The model-layer services.
            ///   - title: The screen's title.
            ///   - tasks: Owns the load; pass your own in tests to await it.
            init(dependencies: Dependencies, title: String = "{{Name}}", tasks: TaskOwner = TaskOwner()) {
                self.dependencies = dependencies
                self.title = title
                self.tasks = tasks
            }

        \(loadingMembers.replacing("{{Loader}}", with: "dependencies.loader"))
        }

        """

    static let viewModelWithDependencyProvider = """
        import MVVM
        import Observation

        \(SharedTemplates.loading)
        /// The {{Name}} screen's view model. What it needs comes from its ``DependencyProviding``:
        /// shared services as properties, fresh objects (such as a child screen's view model) from
        /// `make...` functions.
        @MainActor
        @Observable
        final class {{Name}}ViewModel: {{Name}}ViewModeling {
            let title: String
            private(set) var items: [String] = []
            private(set) var loadState: {{Name}}LoadState = .idle

            private let dependencyProvider: any DependencyProviding
            private let tasks: TaskOwner

            /// Creates the view model. Nothing loads until ``load()``.
            ///
            /// - Parameters:
            ///   - dependencyProvider: Makes what the view model needs, when it needs it.
            ///   - title: The screen's title.
            ///   - tasks: Owns the load; pass your own in tests to await it.
            init(dependencyProvider: any DependencyProviding, title: String = "{{Name}}", tasks: TaskOwner = TaskOwner()) {
                self.dependencyProvider = dependencyProvider
                self.title = title
                self.tasks = tasks
            }

        \(loadingMembers.replacing("{{Loader}}", with: "dependencyProvider.makeLoader()"))
        }

        extension {{Name}}ViewModel {
            /// What the {{Name}} view model needs from the app.
            @MainActor
            protocol DependencyProviding {
                /// Makes the loader for one load.
                func makeLoader() -> any {{Name}}Loading
            }

            /// The app's provider: it hands its long-lived services down.
            struct DependencyProvider: DependencyProviding {
                private let loader: any {{Name}}Loading

                /// Creates the provider with the services it shares.
                init(loader: any {{Name}}Loading) {
                    self.loader = loader
                }

                func makeLoader() -> any {{Name}}Loading {
                    loader
                }
            }
        }

        """

    // MARK: - View

    /// The generic view's declaration and initializer, up to its body.
    static let viewHead = """
        #if canImport(SwiftUI)
        import SwiftUI

        /// Shows the {{Name}} screen. It reads its view model and calls its intents; it has no state
        /// or logic of its own.
        struct {{Name}}View<ViewModel: {{Name}}ViewModeling>: View {
            @State var viewModel: ViewModel

            /// Creates the view for a view model made by its parent's view model (or a preview).
            init(viewModel: ViewModel) {
                _viewModel = State(initialValue: viewModel)
            }

        """

    static let viewWithoutDependencies = """
        \(viewHead)
            var body: some View {
                List(viewModel.items, id: \\.self) { item in
                    Text(item)
                }
                .navigationTitle(viewModel.title)
                .toolbar {
                    Button("Add") {
                        viewModel.addItem()
                    }
                }
            }
        }

        #Preview {
            NavigationStack {
                {{Name}}View(viewModel: {{Name}}ViewModel())
            }
        }
        #endif

        """

    /// The view for both loading variants; `{{PreviewViewModel}}` is how its preview makes one.
    static let viewWithLoading = """
        \(viewHead)
            var body: some View {
                List {
                    if case .failed(let message) = viewModel.loadState {
                        Text(message)
                            .foregroundStyle(.red)
                    }
                    ForEach(viewModel.items, id: \\.self) { item in
                        Text(item)
                    }
                }
                .navigationTitle(viewModel.title)
                .overlay {
                    if viewModel.loadState == .loading {
                        ProgressView()
                    }
                }
                .task {
                    viewModel.load()
                }
            }
        }

        \(SharedTemplates.previewLoader)
        #Preview {
            NavigationStack {
                {{Name}}View(viewModel: {{PreviewViewModel}})
            }
        }
        #endif

        """
}
