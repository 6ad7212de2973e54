/// Carries a view model's actions up to whoever owns it: a parent view model, the app root, or a test.
///
/// A child view model does not know its parent. It declares the actions it cannot handle itself as
/// a `ResponderAction` enum and keeps a `private let responder: Responder<ResponderAction>`. The
/// parent builds that responder when it makes the child, so each action bubbles up one level at a
/// time, and a test can stand in for the parent with a recording responder.
///
/// ```swift
/// let login = LoginViewModel(
///     authenticator: authenticator,
///     responder: Responder { action in
///         switch action {
///         case .authenticated(let user): self.send(.showHome(user))
///         }
///     }
/// )
/// ```
///
/// Responders are main-actor isolated: view models are, and an action is a state change request that
/// must arrive on the actor that owns the state.
@MainActor
public struct Responder<Action>: Sendable {
    // Inlinable, so a send through a chain built with `pullback` is specialized for the app's
    // action types instead of going through unspecialized generic code at every level
    // (measured by `Scripts/runtime-benchmark.sh`).
    @usableFromInline let handler: @MainActor (Action) -> Void

    /// Creates a responder that hands every action to `handler`.
    ///
    /// - Parameter handler: Called on the main actor once for each action sent, in order.
    @inlinable
    public init(_ handler: @escaping @MainActor (Action) -> Void) {
        self.handler = handler
    }

    /// Sends an action up to the owner of this responder.
    @inlinable
    public func send(_ action: Action) {
        handler(action)
    }

    /// Sends an action up to the owner of this responder, so `responder(.done)` reads like a call.
    @inlinable
    public func callAsFunction(_ action: Action) {
        handler(action)
    }

    /// A responder that ignores every action, for previews and for tests that do not look at
    /// what a view model sends up.
    @inlinable
    public static var noop: Responder<Action> {
        Responder { _ in }
    }

    /// Derives the responder a child view model needs from this (the parent's) responder.
    ///
    /// Each child action is turned into one of this responder's actions by `transform` and sent on.
    /// An enum case with an associated value is already such a function, so a chain of view models
    /// composes without a closure per level:
    ///
    /// ```swift
    /// // ParentViewModel.ResponderAction has `case itemList(ItemListViewModel.ResponderAction)`.
    /// let child = ItemListViewModel(responder: responder.pullback(ParentViewModel.ResponderAction.itemList))
    /// ```
    ///
    /// - Parameter transform: Wraps a child action in this responder's action type.
    /// - Returns: A responder for the child's actions.
    @inlinable
    public func pullback<ChildAction>(
        _ transform: @escaping @MainActor (ChildAction) -> Action
    ) -> Responder<ChildAction> {
        let handler = self.handler
        return Responder<ChildAction> { childAction in
            handler(transform(childAction))
        }
    }

    /// Derives a child's responder that forwards only the child actions `transform` maps to a
    /// parent action; the others (those it returns `nil` for) stop here.
    ///
    /// - Parameter transform: Returns the parent action for a child action, or `nil` to drop it.
    /// - Returns: A responder for the child's actions.
    @inlinable
    public func compactPullback<ChildAction>(
        _ transform: @escaping @MainActor (ChildAction) -> Action?
    ) -> Responder<ChildAction> {
        let handler = self.handler
        return Responder<ChildAction> { childAction in
            if let action = transform(childAction) {
                handler(action)
            }
        }
    }
}
