/// The names that settle roles, in one place: role resolution, the facts, the rules, the graph
/// and the `layers:` rules of `.mvvm.yml` read them here, so that they agree on what a view
/// model, a view-modeling protocol, a service or a view's hold on a view model looks like.
///
/// Three questions about a view model's name, each asked where it fits:
/// ``isViewModelName(_:)`` (a type named after its screen), ``endsInViewModel(_:)`` (that, or a
/// base class named just `ViewModel`), and ``mentionsViewModel(_:)`` (any mention, to skip work
/// on text that has none).
enum RoleVocabulary {
    /// The suffix of a view model's type name.
    static let viewModelSuffix = "ViewModel"
    /// The suffix of a view-modeling protocol's name (the triad style's `XViewModeling`).
    static let viewModelingSuffix = "ViewModeling"

    /// `FeedViewModel`: `ViewModel` after a screen's name. The bare `ViewModel` is not one.
    static func isViewModelName(_ name: some StringProtocol) -> Bool {
        name.hasSuffix(viewModelSuffix) && name.count > viewModelSuffix.count
    }

    /// `FeedViewModel`, or `ViewModel` alone (a base class, or a generic parameter's name).
    static func endsInViewModel(_ name: some StringProtocol) -> Bool {
        name.hasSuffix(viewModelSuffix)
    }

    /// Whether `text` mentions a view model anywhere (`makeFeedViewModel`, `[ViewModel]`).
    static func mentionsViewModel(_ text: some StringProtocol) -> Bool {
        text.contains(viewModelSuffix)
    }

    /// `FeedViewModeling`: a view-modeling protocol. The bare `ViewModeling` is not one.
    static func isViewModelingName(_ name: some StringProtocol) -> Bool {
        name.hasSuffix(viewModelingSuffix) && name.count > viewModelingSuffix.count
    }

    /// A property that holds a view model by its name: `viewModel`, `vm`, `detailViewModel`.
    static func isViewModelPropertyName(_ name: String) -> Bool {
        name == "viewModel" || name == "vm" || endsInViewModel(name)
    }

    /// Type-name suffixes of services: what a view model receives rather than creates, and no
    /// view model even when a view keeps one.
    static let serviceSuffixes = [
        "Service", "Client", "Fetcher", "Repository", "Store", "Manager", "UseCase", "API", "Webservice",
    ]

    /// Property wrappers through which a view holds a view model it owns or observes.
    static let viewModelWrappers: Set<String> = ["StateObject", "ObservedObject", "Bindable"]

    /// Property wrappers through which a view owns or observes an object: the view-model
    /// wrappers and `@State`, which also holds an owned observable.
    static let ownershipWrappers = viewModelWrappers.union(["State"])

    /// The names of a view model's action enums: what it is sent (`Action`) and what it tells
    /// the one above it (`ResponderAction`). Their cases are the facts `every-action-tested` and
    /// the graph read.
    static let actionEnumNames: Set<String> = ["Action", "ResponderAction"]

    /// Types that wire layers together by design (coordinators, routers, containers): they may
    /// hold views and view models, and what they store is composition too.
    static let compositionSuffixes = ["Coordinator", "Router", "Dependencies", "Provider", "Container", "Factory", "Environment", "App", "Assembly"]
}
