/// A view model that a view drives only by sending actions.
///
/// This is the responder style's input: the view calls `send(_:)` with a case of `Action` and reads
/// the view model's outputs; it calls no other method. `send(_:)` is the view model's reducer: each
/// case makes at most one state change and may send the next action to itself.
///
/// ```swift
/// @MainActor @Observable
/// final class CounterViewModel: ActionSending {
///     enum Action { case increment }
///     private(set) var count = 0
///     func send(_ action: Action) {
///         switch action {
///         case .increment: count += 1
///         }
///     }
/// }
/// ```
@MainActor
public protocol ActionSending: AnyObject {
    /// The actions a view may send to this view model.
    associatedtype Action

    /// Handles one action: the view model's only entry point for its view.
    func send(_ action: Action)
}

extension ActionSending {
    /// A responder that sends each action to this view model, for handing to code that expects a
    /// ``Responder`` (a child, a callback-based API adapter, a test).
    ///
    /// The responder holds the view model weakly, so a child that keeps it does not keep its
    /// parent alive.
    public var actionResponder: Responder<Action> {
        Responder { [weak self] action in
            self?.send(action)
        }
    }
}
