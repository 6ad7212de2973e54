import Observation

/// Records which observed properties of an `@Observable` view model an action changed, and
/// checks that list exhaustively.
///
/// The recorder registers Observation tracking on each property it is given, the same way a
/// SwiftUI view does, so it sees exactly the changes a view would be invalidated by. A test names
/// the properties it expects an action to change; a change to any other tracked property, or no
/// change to an expected one, fails:
///
/// ```swift
/// let recorder = try ChangeRecorder(viewModel, tracking: [
///     "items": \.items,
///     "errorMessage": \.errorMessage,
/// ])
/// try recorder.expectChanges(["items"]) {
///     viewModel.addRow()
/// }
/// ```
///
/// To keep the check exhaustive, creating a recorder fails when the view model has an observed
/// stored property (one `@Observable` tracks) that is not in `tracking`. Computed properties may
/// be tracked too: like a view reading them, they count as changed whenever an observed property
/// they read changes, even if their own value comes out the same.
@MainActor
public final class ChangeRecorder<Model: AnyObject & Observable> {
    private let model: Model
    private let properties: [(name: String, keyPath: PartialKeyPath<Model>)]
    private let log = ChangeLog()

    /// Starts recording changes of `model`'s tracked properties.
    ///
    /// - Parameters:
    ///   - model: The view model under test.
    ///   - tracking: Each property to watch: its name as written in the type, and its key path.
    /// - Throws: ``ChangeRecorderError/untrackedProperties(type:names:)`` when the model has
    ///   observed stored properties missing from `tracking`, and
    ///   ``ChangeRecorderError/duplicateNames(_:)`` when a name appears twice.
    public init(_ model: Model, tracking: KeyValuePairs<String, PartialKeyPath<Model>>) throws {
        self.model = model
        self.properties = tracking.map { (name: $0.key, keyPath: $0.value) }

        let names = properties.map(\.name)
        let duplicates = Set(names.filter { name in names.filter { $0 == name }.count > 1 })
        guard duplicates.isEmpty else {
            throw ChangeRecorderError.duplicateNames(duplicates.sorted())
        }
        let untracked = Self.observedStoredPropertyNames(of: model).subtracting(names)
        guard untracked.isEmpty else {
            throw ChangeRecorderError.untrackedProperties(
                type: String(describing: Model.self),
                names: untracked.sorted()
            )
        }
        arm(properties)
    }

    /// The names of the tracked properties that changed since the recorder started or was last
    /// reset, in the order they were given to ``init(_:tracking:)``.
    public var changedProperties: [String] {
        let changed = log.names
        return properties.map(\.name).filter(changed.contains)
    }

    /// Forgets recorded changes and starts watching every tracked property again.
    public func reset() {
        // A registration ends when it fires; the others are still armed.
        let fired = log.names
        log.removeAll()
        arm(properties.filter { fired.contains($0.name) })
    }

    /// Runs `action` and returns the names of the tracked properties it changed.
    public func changes(during action: () throws -> Void) rethrows -> [String] {
        reset()
        try action()
        return changedProperties
    }

    /// Checks that exactly `expected` changed since the last reset, then resets.
    ///
    /// - Throws: ``ChangeRecorderError/mismatch(expected:actual:)`` naming the unexpected and
    ///   the missing changes.
    public func expectChanges(_ expected: Set<String>) throws {
        let actual = changedProperties
        reset()
        try check(expected: expected, actual: actual)
    }

    /// Runs `action` and checks that it changed exactly `expected`.
    ///
    /// - Throws: ``ChangeRecorderError/mismatch(expected:actual:)`` naming the unexpected and
    ///   the missing changes, or the error `action` threw.
    public func expectChanges(_ expected: Set<String>, during action: () throws -> Void) throws {
        _ = try changes(during: action)
        try expectChanges(expected)
    }

    /// Checks that no tracked property changed since the last reset, then resets.
    public func expectNoChanges() throws {
        try expectChanges([])
    }

    private func check(expected: Set<String>, actual: [String]) throws {
        let unknown = expected.subtracting(properties.map(\.name))
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
    private static func observedStoredPropertyNames(of model: Model) -> Set<String> {
        var names: Set<String> = []
        var mirror: Mirror? = Mirror(reflecting: model)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, label.hasPrefix("_"), !label.hasPrefix("_$") else {
                    continue
                }
                names.insert(String(label.dropFirst()))
            }
            mirror = current.superclassMirror
        }
        return names
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
        }
    }
}
