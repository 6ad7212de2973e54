/// The state a test expects a view model to be in: the values of its tracked properties at the
/// last check, which the test's closure updates to the new values an action should produce.
///
/// Set a property through its key path, as if the view model were a value:
///
/// ```swift
/// recorder.expectChanges(during: { sut.send(.load) }) {
///     $0.state = .loading
/// }
/// ```
///
/// State the view model keeps `private` is set by its name with ``set(_:to:)``.
@MainActor
@dynamicMemberLookup
public struct ExpectedState<Model: AnyObject> {
    var values: [String: Any]
    let model: Model
    let namesByKeyPath: [PartialKeyPath<Model>: String]
    let privateNames: Set<String>
    /// Key paths and names the closure used that the recorder does not track, for the message.
    var untracked: [String] = []
    /// The names the closure set, which a non-exhaustive check compares and no others.
    var stated: Set<String> = []

    /// The expected value of a tracked property; setting it states that the action changes it.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value {
        get {
            if let name = namesByKeyPath[keyPath], let value = values[name] as? Value {
                return value
            }
            return model[keyPath: keyPath]
        }
        set {
            guard let name = namesByKeyPath[keyPath] else {
                untracked.append(String(describing: keyPath))
                return
            }
            values[name] = newValue
            stated.insert(name)
        }
    }

    /// States the new value of observed state the view model keeps `private`, which a test
    /// cannot name by key path. The name is the property's, as declared; it must be listed in
    /// the recorder's `privateState:`.
    public mutating func set(_ name: String, to value: Any) {
        guard privateNames.contains(name) else {
            untracked.append(name)
            return
        }
        values[name] = value
        stated.insert(name)
    }

    /// The expected value of tracked private state, by name; `nil` if it is not tracked.
    public func value(of name: String) -> Any? {
        values[name]
    }
}
