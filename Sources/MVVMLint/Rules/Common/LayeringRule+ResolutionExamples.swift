/// Examples of ``LayeringRule`` where what a name means, or which layer a value belongs to, is
/// settled by more than the name: a nested type, a base class's generic arguments, an
/// initialiser's parameters struct. They run as its tests.
extension LayeringRule {
    static let resolutionExamples: [RuleExample] = [
        // A view model's state is its base class's generic argument: the state and what it is
        // made of are view-model state, as when stored.
        RuleExample("""
            struct LibraryContent {
                let sections: [LibrarySection]
            }
            struct LibrarySection {
                let title: String
                let rows: [ItemRowViewModel]
            }
            """, extraFiles: ["Sources/App/LibraryViewModel.swift": """
            import Observation
            @MainActor @Observable class BaseViewModel<Content, Action> {
                private(set) var content: Content
                init(content: Content) { self.content = content }
            }
            @MainActor final class LibraryViewModel: BaseViewModel<LibraryContent, LibraryAction> {}
            enum LibraryAction { case refresh }
            @MainActor @Observable final class ItemRowViewModel {}
            """]),
        // The same through a type alias of the generic base, or a chain of them (Element X
        // declares every view model `final class RoomViewModel: RoomViewModelType`), and an
        // element of an empty collection the state starts with.
        RuleExample("""
            struct RoomViewState {
                var bindings = RoomViewStateBindings()
                var groups = [RoomMediaGroup]()
            }
            struct RoomViewStateBindings {
                var mediaPreviewViewModel: MediaPreviewViewModel?
            }
            struct RoomMediaGroup {
                var items: [MediaPreviewViewModel]
            }
            """, extraFiles: ["Sources/App/RoomViewModel.swift": """
            import Combine
            @MainActor class StateStoreViewModel<State, Action>: ObservableObject {
                @Published var state: State
                init(initialViewState: State) { state = initialViewState }
            }
            typealias RoomViewModelType = RoomStateStore
            typealias RoomStateStore = StateStoreViewModel<RoomViewState, Never>
            @MainActor final class RoomViewModel: RoomViewModelType {}
            @MainActor final class MediaPreviewViewModel: ObservableObject {}
            """]),
        // A parameters struct an initialiser copies field by field belongs to the layer the
        // coordinator or view model built from it is in, as when stored.
        RuleExample("""
            struct ProfileFlowParameters {
                let router: NavigationRouter
                let parentViewModel: HomeViewModel
            }
            final class ProfileCoordinator {
                private let router: NavigationRouter
                private weak var parentViewModel: HomeViewModel?
                init(parameters: ProfileFlowParameters) {
                    router = parameters.router
                    parentViewModel = parameters.parentViewModel
                }
            }
            struct SearchInput {
                let query: String
                let owner: HomeViewModel
            }
            @MainActor @Observable final class SearchViewModel {
                private(set) var query: String
                private weak var owner: HomeViewModel?
                init(params: SearchInput) {
                    query = params.query
                    owner = params.owner
                }
            }
            """),
        // A name means the type nested where it is written before a top-level view of that
        // name, in the declaration or in an extension elsewhere.
        RuleExample("""
            @MainActor @Observable final class UploadViewModel {
                struct Limits { let maxBytes: Int }
                private(set) var limits: Limits?
                private(set) var banner: Banner?
                func apply(_ limits: Limits) {}
            }
            struct Order {
                enum Row { case item(String) }
                var rows: [Row]
            }
            """, extraFiles: ["Sources/App/Views.swift": """
            import SwiftUI
            struct Limits: View { var body: some View { Text("") } }
            struct Banner: View { var body: some View { Text("") } }
            struct Row: View { var body: some View { Text("") } }
            extension UploadViewModel {
                struct Banner { let text: String }
            }
            """]),
    ]
}
