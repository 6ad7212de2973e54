import Observation

/// What the item list screen needs from its view model: the rows, whether they are loading or
/// failed to load, and two intents.
@MainActor
public protocol ItemListViewModeling: Observable {
    /// The rows, in display order.
    var items: [ListItem] { get }
    /// Whether a load is running or failed.
    var loadState: ItemListLoadState { get }
    /// Loads the rows from the model layer, replacing any load in flight.
    func load()
    /// Appends a new, numbered row.
    func addRow()
}

/// The loading status of the item list. Failure carries its message, so a failed state without
/// a message cannot be expressed.
public enum ItemListLoadState: Equatable, Sendable {
    /// Nothing is loading.
    case idle
    /// A load is running.
    case loading
    /// The last load failed; the message is for the user.
    case failed(message: String)
}
