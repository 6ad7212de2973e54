import MVVM
import MVVMTesting
import Observation

/// A search screen's view model in the responder style, with the shapes the test kit must render:
/// an enum with payloads, nested structs in an array, an optional, and state kept private.
@MainActor
@Observable
final class SearchScreen: ActionSending {
    struct Hit: Equatable {
        var title: String
        var tags: [String]
    }

    enum State: Equatable {
        case idle
        case loading(query: String)
        case loaded([Hit])
        case failed(String)
    }

    enum Action {
        case queryChanged(String)
        case search
        case loaded(Result<[Hit], SearchFailure>)
    }

    enum ResponderAction: Equatable {
        case opened(String)
        case searched(String)
    }

    struct SearchFailure: Error, Equatable {}

    private(set) var state: State = .idle
    private(set) var query = ""
    private(set) var selection: Hit?
    /// Observed but private: how many searches this screen made, which a test reads by name.
    private var searchCount = 0

    @ObservationIgnored private let search: HeldStub<String, [Hit]>
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let responder: Responder<ResponderAction>
    @ObservationIgnored let tasks: TaskOwner

    init(
        search: HeldStub<String, [Hit]>,
        clock: any Clock<Duration>,
        responder: Responder<ResponderAction>,
        tasks: TaskOwner = TaskOwner()
    ) {
        self.search = search
        self.clock = clock
        self.responder = responder
        self.tasks = tasks
    }

    func send(_ action: Action) {
        switch action {
        case .queryChanged(let text):
            query = text
            // Debounced: a search starts once typing pauses for 300 ms.
            tasks.start(id: "debounce") { [weak self, clock] in
                guard (try? await clock.sleep(for: .milliseconds(300))) != nil else { return }
                self?.send(.search)
            }
        case .search:
            let query = query
            state = .loading(query: query)
            searchCount += 1
            responder(.searched(query))
            tasks.start(id: "search") { [weak self, search] in
                do {
                    let hits = try await search(query)
                    self?.send(.loaded(.success(hits)))
                } catch is CancellationError {
                    return
                } catch {
                    self?.send(.loaded(.failure(SearchFailure())))
                }
            }
        case .loaded(.success(let hits)):
            state = .loaded(hits)
        case .loaded(.failure):
            state = .failed("The search failed. Try again.")
        }
    }
}
