#if canImport(SwiftUI)
import SwiftUI

extension ActionSending {
    /// A binding that reads one of the view model's outputs and, when the view writes to it, sends
    /// an action instead of mutating the output.
    ///
    /// Lets a `TextField` or `Toggle` edit a `private(set)` output without giving the view write
    /// access to the view model:
    ///
    /// ```swift
    /// TextField("Username", text: viewModel.binding(\.username, send: Action.updateUsername))
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The output the binding reads.
    ///   - action: Makes the action to send from the value the view wrote.
    /// - Returns: A binding for a SwiftUI control.
    public func binding<Value>(
        _ keyPath: KeyPath<Self, Value>,
        send action: @escaping @MainActor (Value) -> Action
    ) -> Binding<Value> {
        Binding(
            get: { self[keyPath: keyPath] },
            set: { newValue in self.send(action(newValue)) }
        )
    }
}
#endif
