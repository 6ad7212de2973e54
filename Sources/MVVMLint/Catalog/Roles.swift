/// What a type is in the architecture, as the linter recognises it.
public enum Role: String, Codable, Sendable {
    /// A SwiftUI view: conforms to `View` in its declaration or an extension.
    case view
    /// A view model: a class named `*ViewModel`, conforming to a `*ViewModeling` protocol,
    /// inheriting from a view model, or held as a view's view model.
    case viewModel
    /// A protocol named `*ViewModeling`.
    case viewModelingProtocol
    /// A class that another class inherits from.
    case baseClass
    /// An enum declared in the linted code: `Visibility.shared` on one is a case, not a singleton.
    case enumeration
    /// For a name `Enum.case`: an enum declared in the linted code that declares that case.
    case enumCase
    /// A class or actor declared in the linted code: an object, not a value.
    case referenceType
    /// Any type declared in the linted code (not only extended): an app's own `Image` or `Label`
    /// model is not SwiftUI's.
    case declared
    /// A struct or enum that a view model or a composition type (a coordinator, a router)
    /// stores, directly or through other such values: a view model's state (a bindings struct,
    /// a screen's sections and rows) or a flow's parameters, part of the layer that stores it
    /// and never a model, whatever its name.
    case upperLayerValue
    /// A struct or enum declared in the linted code: a value, never a view model, whatever its
    /// name (`struct RowViewModel`).
    case valueType
    /// A view whose property named as its view model (`viewModel`) holds a view model, a class:
    /// `ChildView(viewModel: .init(...))` then creates one, where a value struct in that
    /// property (a row's display values) makes `.init(...)` a plain value.
    case viewModelOwner
    /// A type whose declaration and every extension of it are in one file: a rename there
    /// cannot clash with a member another file declares on it.
    case declaredInOneFile
    /// A protocol declared in the linted code that a type named as a service conforms to
    /// (`DataLoading`, adopted by `RemoteDataService`): a dependency of that type is a service
    /// even written without `any`.
    case serviceProtocol
}

/// A condition a file-local finding depends on that only the whole project can settle, such as
/// "`LoginViewModel` is a view model" when its base class is declared in another file.
public struct RoleCondition: Hashable, Codable, Sendable {
    /// The type's name.
    public var typeName: String
    /// The role in question.
    public var role: Role
    /// Whether the type must have the role (`true`) or must not have it (`false`).
    public var holds: Bool

    /// Creates a condition.
    public init(_ typeName: String, is role: Role, holds: Bool = true) {
        self.typeName = typeName
        self.role = role
        self.holds = holds
    }
}

/// A diagnostic found in one file that is kept only if its conditions hold project-wide.
public struct PendingDiagnostic: Hashable, Codable, Sendable {
    /// The diagnostic as it will be reported.
    public var diagnostic: Diagnostic
    /// All must hold for the diagnostic to be reported.
    public var conditions: [RoleCondition]

    /// Creates a pending diagnostic.
    public init(_ diagnostic: Diagnostic, conditions: [RoleCondition] = []) {
        self.diagnostic = diagnostic
        self.conditions = conditions
    }
}

extension RoleCondition: BinaryCodable {
    static let schema = ["typeName: String", "role: Role", "holds: Bool"]

    func write(to writer: inout BinaryWriter) {
        writer.string(typeName); writer.string(role.rawValue); writer.bool(holds)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(try reader.string(), is: try reader.choice(Role.self), holds: try reader.bool())
    }
}

extension PendingDiagnostic: BinaryCodable {
    static let schema = ["diagnostic: Diagnostic", "conditions: Array<RoleCondition>"]

    func write(to writer: inout BinaryWriter) {
        diagnostic.write(to: &writer)
        writer.values(conditions)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(try Diagnostic(from: &reader), conditions: try reader.values())
    }
}
