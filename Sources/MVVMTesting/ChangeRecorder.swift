import Observation

/// Records what an action did to the observed properties of an `@Observable` view model, and
/// checks it exhaustively: the state-change part of a ``ViewModelHarness``.
///
/// The recorder registers Observation tracking on each property it is given, the same way a
/// SwiftUI view does, so it sees exactly the changes a view would be invalidated by. A test
/// states the new *values*, and the check is exhaustive: every tracked property must end up with
/// the value the test gave it, or keep its old one. A difference fails the test at the
/// expectation's line with each property's old, expected and actual value:
///
/// ```swift
/// let recorder = try ChangeRecorder(viewModel, tracking: [
///     "items": \.items,
///     "errorMessage": \.errorMessage,
/// ])
/// recorder.expectChanges(during: { viewModel.addRow() }) {
///     $0.items = [ListItem(title: "Row 1")]
/// }
/// ```
///
/// A ``ViewModelHarness`` makes a recorder for its view model and checks, when the test ends,
/// that no change went unstated; a recorder used on its own checks only what each expectation
/// says. The older checks by name alone (`expectChanges(["items"])`) are deprecated: they pass
/// when a property changed to the wrong value.
///
/// To keep the check exhaustive, creating a recorder fails when the view model has an observed
/// stored property (one `@Observable` tracks) that is not in `tracking` or `privateState`.
/// Computed properties may be tracked too: like a view reading them, they count as changed
/// whenever an observed property they read changes, even if their own value comes out the same.
@MainActor
public final class ChangeRecorder<Model: AnyObject & Observable> {
    let model: Model
    let properties: [(name: String, keyPath: PartialKeyPath<Model>)]
    let privateNames: [String]
    /// Whether an expectation compares every tracked property (`.on`, a recorder's own) or only
    /// those its closure sets (a harness made with `exhaustivity: .off`).
    let exhaustivity: Exhaustivity
    private let log = ChangeLog()
    /// The tracked values at the last check or reset; value expectations compare against it.
    var baseline: [String: Any] = [:]
    let dump = ValueDump()

    /// Starts recording changes of `model`'s tracked properties.
    ///
    /// - Parameters:
    ///   - model: The view model under test.
    ///   - tracking: Each property to watch: its name as written in the type, and its key path.
    ///   - privateState: Observed stored properties the view model keeps `private`, which a
    ///     test cannot reach by key path, by name. They are read from the model's storage, so a
    ///     test checks them without app code changing its access levels.
    /// - Throws: ``ChangeRecorderError/untrackedProperties(type:names:)`` when the model has
    ///   observed stored properties missing from `tracking` and `privateState`,
    ///   ``ChangeRecorderError/duplicateNames(_:)`` when a name appears twice,
    ///   ``ChangeRecorderError/notObservedState(type:names:)`` when a `privateState` name is not an
    ///   observed stored property, and ``ChangeRecorderError/keyPathMismatch(name:storedValue:keyPathValue:)``
    ///   when a name is paired with the key path of another property.
    public convenience init(
        _ model: Model,
        tracking: KeyValuePairs<String, PartialKeyPath<Model>>,
        privateState: [String] = []
    ) throws {
        try self.init(model, tracking: tracking, privateState: privateState, exhaustivity: .on)
    }

    /// Starts recording for a harness, which decides whether its checks are exhaustive.
    init(
        _ model: Model,
        tracking: KeyValuePairs<String, PartialKeyPath<Model>>,
        privateState: [String],
        exhaustivity: Exhaustivity
    ) throws {
        self.model = model
        self.properties = tracking.map { (name: $0.key, keyPath: $0.value) }
        self.privateNames = privateState
        self.exhaustivity = exhaustivity

        let names = properties.map(\.name) + privateState
        let duplicates = Set(names.filter { name in names.filter { $0 == name }.count > 1 })
        guard duplicates.isEmpty else {
            throw ChangeRecorderError.duplicateNames(duplicates.sorted())
        }
        let storage = Self.observedStorage(of: model)
        let untracked = Set(storage.keys).subtracting(names)
        guard untracked.isEmpty else {
            throw ChangeRecorderError.untrackedProperties(
                type: String(describing: Model.self),
                names: untracked.sorted()
            )
        }
        let notObserved = privateState.filter { storage[$0] == nil }
        guard notObserved.isEmpty else {
            throw ChangeRecorderError.notObservedState(type: String(describing: Model.self), names: notObserved)
        }
        if let mismatch = pairingMismatch(storage: storage) {
            throw mismatch
        }
        arm(properties)
        baseline = snapshot(storage: storage)
    }

    /// The names of the tracked properties that changed since the recorder started or was last
    /// reset, in the order they were given to ``init(_:tracking:privateState:)``.
    /// Private state counts as changed when its value differs from the last reset's.
    public var changedProperties: [String] {
        let changed = log.names
        let storage = Self.observedStorage(of: model)
        let changedPrivate = privateNames.filter { name in
            guard let old = baseline[name], let new = storage[name] else { return false }
            return !ValueComparison.equal(old, new, dump: dump)
        }
        return properties.map(\.name).filter(changed.contains) + changedPrivate
    }

    /// Forgets recorded changes and starts watching every tracked property again.
    public func reset() {
        // A registration ends when it fires; the others are still armed.
        let fired = log.names
        log.removeAll()
        arm(properties.filter { fired.contains($0.name) })
        baseline = snapshot(storage: Self.observedStorage(of: model))
    }

    /// Runs `action` and returns the names of the tracked properties it changed.
    public func changes(during action: () throws -> Void) rethrows -> [String] {
        reset()
        try action()
        return changedProperties
    }

    /// Checks that exactly `expected` changed since the last reset, then resets.
    ///
    /// Deprecated: a check by name passes when a property changed to the wrong value. State the
    /// values with ``ChangeExpecting/expectChanges(fileID:filePath:line:column:_:)``.
    ///
    /// - Throws: ``ChangeRecorderError/mismatch(expected:actual:)`` naming the unexpected and
    ///   the missing changes.
    @available(*, deprecated, message: "Checks names only; state the new values: expectChanges { $0.items = [...] }")
    public func expectChanges(_ expected: Set<String>) throws {
        let actual = changedProperties
        reset()
        try check(expected: expected, actual: actual)
    }

    /// Runs `action` and checks that it changed exactly `expected`.
    ///
    /// Deprecated: a check by name passes when a property changed to the wrong value. State the
    /// values with `expectChanges(during:) { ... }`.
    ///
    /// - Throws: ``ChangeRecorderError/mismatch(expected:actual:)`` naming the unexpected and
    ///   the missing changes, or the error `action` threw.
    @available(*, deprecated, message: "Checks names only; state the new values: expectChanges(during: { ... }) { $0.items = [...] }")
    public func expectChanges(_ expected: Set<String>, during action: () throws -> Void) throws {
        _ = try changes(during: action)
        try expectChanges(expected)
    }

    /// Checks that no tracked property changed since the last reset, then resets.
    ///
    /// Deprecated with the other checks by name; ``ChangeExpecting/expectChanges(fileID:filePath:line:column:_:)``
    /// with an empty closure checks the same and reports at the expectation's line.
    @available(*, deprecated, message: "Use expectChanges { _ in } or expectNoChanges(during:)")
    public func expectNoChanges() throws {
        try expectChanges([])
    }

    private func check(expected: Set<String>, actual: [String]) throws {
        let unknown = expected.subtracting(properties.map(\.name) + privateNames)
        guard unknown.isEmpty else {
            throw ChangeRecorderError.unknownNames(unknown.sorted())
        }
        guard Set(actual) == expected else {
            throw ChangeRecorderError.mismatch(expected: expected.sorted(), actual: actual)
        }
    }

    private func arm(_ properties: [(name: String, keyPath: PartialKeyPath<Model>)]) {
        for property in properties {
            let log = self.log
            let name = property.name
            // `onChange` fires once, on the first change; that is all a set of names needs.
            withObservationTracking {
                _ = model[keyPath: property.keyPath]
            } onChange: {
                log.insert(name)
            }
        }
    }

    /// The `@Observable` macro moves each tracked stored property `x` into a backing `_x`; the
    /// registrar is `_$observationRegistrar`, and `@ObservationIgnored` properties keep their name.
    static func observedStorage(of model: Model) -> [String: Any] {
        var storage: [String: Any] = [:]
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, label.hasPrefix("_"), !label.hasPrefix("_$") else {
                    continue
                }
                storage[String(label.dropFirst())] = child.value
            }
            mirror = current.superclassMirror
        }
        return storage
    }

    /// The value of every tracked property: through its key path, or from storage for private state.
    func snapshot(storage: [String: Any]) -> [String: Any] {
        var values: [String: Any] = [:]
        for property in properties {
            values[property.name] = model[keyPath: property.keyPath]
        }
        for name in privateNames {
            values[name] = storage[name]
        }
        return values
    }

    /// A name whose key path reads a value other than the name's own storage holds: the pair
    /// names two different properties, and one of them would go unchecked.
    func pairingMismatch(storage: [String: Any]) -> ChangeRecorderError? {
        for property in properties {
            guard let stored = storage[property.name] else { continue }
            let read = model[keyPath: property.keyPath]
            if !ValueComparison.equal(stored, read, dump: dump) {
                return .keyPathMismatch(name: property.name, storedValue: dump.render(stored), keyPathValue: dump.render(read))
            }
        }
        return nil
    }
}

/// Why a ``ChangeRecorder`` could not start or a change expectation failed.
public enum ChangeRecorderError: Error, Equatable, CustomStringConvertible {
    /// The model has observed stored properties that the recorder was not told to track.
    case untrackedProperties(type: String, names: [String])
    /// A property name was given twice.
    case duplicateNames([String])
    /// An expectation named properties the recorder does not track.
    case unknownNames([String])
    /// The changed properties differ from the expected ones.
    case mismatch(expected: [String], actual: [String])
    /// Names given as `privateState` that are not observed stored properties of the model.
    case notObservedState(type: String, names: [String])
    /// A name is paired with a key path that reads a different value than the property of that
    /// name holds: most likely the key path of another property.
    case keyPathMismatch(name: String, storedValue: String, keyPathValue: String)

    /// A sentence that says what went wrong and what to do.
    public var description: String {
        switch self {
        case .untrackedProperties(let type, let names):
            return "\(type) has observed properties the recorder does not track: "
                + names.joined(separator: ", ")
                + ". Add each to `tracking:` so an unexpected change to it fails the test."
        case .duplicateNames(let names):
            return "ChangeRecorder was given these names more than once: \(names.joined(separator: ", "))."
        case .unknownNames(let names):
            return "The expectation names properties the recorder does not track: "
                + names.joined(separator: ", ") + "."
        case .mismatch(let expected, let actual):
            let unexpected = actual.filter { !expected.contains($0) }
            let missing = expected.filter { !actual.contains($0) }
            var parts = ["Expected changes to [\(expected.joined(separator: ", "))], observed [\(actual.joined(separator: ", "))]."]
            if !unexpected.isEmpty {
                parts.append("Unexpected: \(unexpected.joined(separator: ", ")).")
            }
            if !missing.isEmpty {
                parts.append("Missing: \(missing.joined(separator: ", ")).")
            }
            return parts.joined(separator: " ")
        case .notObservedState(let type, let names):
            return "\(type) has no observed stored property named \(names.joined(separator: ", ")). "
                + "List in `privateState:` only properties the @Observable macro tracks, by their declared name."
        case .keyPathMismatch(let name, let storedValue, let keyPathValue):
            return "The key path given for \"\(name)\" reads \(keyPathValue), but \(name) holds \(storedValue): "
                + "it is probably the key path of another property. Pair \"\(name)\" with \\.\(name)."
        }
    }
}
