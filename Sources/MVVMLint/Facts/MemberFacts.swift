/// A case of an action enum (`Action`, `ResponderAction`) nested in some type, for
/// `every-action-tested` and the graph.
public struct EnumCaseFact: Hashable, Codable, Sendable {
    /// The type the enum is nested in (`LoginViewModel`).
    public var ownerType: String
    /// The enum's name (`Action`).
    public var enumName: String
    /// The case's name.
    public var caseName: String
    /// Where the case is.
    public var line: Int
    /// Where the case is.
    public var column: Int
}

/// A function requirement of a protocol, for `every-action-tested`.
public struct RequirementFact: Hashable, Codable, Sendable {
    /// The protocol's name.
    public var protocolName: String
    /// The function's base name.
    public var functionName: String
    /// Where the function is.
    public var line: Int
    /// Where the function is.
    public var column: Int
}

/// A property requirement of a protocol, for `view-modeling-read-only`.
public struct PropertyRequirementFact: Hashable, Codable, Sendable {
    /// The protocol's name.
    public var protocolName: String
    /// The property's name.
    public var propertyName: String
    /// Whether it is `{ get set }`.
    public var isSettable: Bool
    /// Where the property's name is.
    public var line: Int
    /// Where the property's name is.
    public var column: Int
}

/// A type a view may hold as its view model: the type of a property named like one
/// (`viewModel`), or of an object it owns or observes (`@State`, `@StateObject`,
/// `@ObservedObject`, `@Bindable`). The owner's generic parameters are never recorded.
public struct HeldViewModelFact: Hashable, Codable, Sendable {
    /// The type holding it.
    public var ownerType: String
    /// The held type's simple name.
    public var typeName: String
    /// Whether the property is named like a view model; otherwise only its wrapper says it is
    /// owned or observed, and the type counts only if it is an observable class.
    public var isNamedViewModel: Bool = true
    /// Whether the owner also has a view model of its own (a property named `viewModel`, or an
    /// owned or observed `*ViewModel`): an object it owns beside that is a helper (a focus
    /// coordinator, a banner presenter), not its view model.
    public var isBesideViewModel: Bool = false
    /// Whether the property reads the object from the environment (`@EnvironmentObject`,
    /// `@Environment(T.self)`) rather than owning or observing it.
    public var isEnvironmentObject: Bool = false
    /// Whether the view keeps in `@State` an object it was handed rather than one it made: it
    /// holds the object (several holders make it shared) without owning it.
    public var isGiven: Bool = false
}

/// A member whose type mentions a view model or a responder action, for `mvvm graph`: who
/// holds, makes, renders or handles what.
public struct MemberTypeFact: Hashable, Codable, Sendable {
    /// Where in its type the member sits.
    public enum Kind: String, Codable, Sendable {
        /// A stored or computed property; `types` are its type's names.
        case property
        /// A function; `types` are its return type's names.
        case function
        /// A function parameter; `types` are the parameter type's outermost names only.
        case parameter
        /// A case of an enum; `types` are its associated values' names.
        case enumCase
        /// A protocol's associated type; `types` are its constraints.
        case associatedType
        /// A generic parameter of the type; `types` are its constraints.
        case genericParameter
    }

    /// The qualified name of the declaring type (`ReaderViewModel.DependencyProvider`).
    public var ownerType: String
    /// The member's name (for a parameter, its function's name).
    public var name: String
    /// What kind of member it is.
    public var kind: Kind
    /// Type names the member's type mentions, dotted as written (`Item.ResponderAction`), generic
    /// arguments included except for parameters.
    public var types: [String]
    /// Where the member is.
    public var line: Int
}

// MARK: - Cache coding

extension EnumCaseFact: BinaryCodable {
    static let schema = ["ownerType: String", "enumName: String", "caseName: String", "line: Int", "column: Int"]

    func write(to writer: inout BinaryWriter) {
        writer.string(ownerType); writer.string(enumName); writer.string(caseName); writer.int(line); writer.int(column)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(ownerType: try reader.string(), enumName: try reader.string(), caseName: try reader.string(),
                  line: try reader.lineOrOffset(), column: try reader.lineOrOffset())
    }
}

extension RequirementFact: BinaryCodable {
    static let schema = ["protocolName: String", "functionName: String", "line: Int", "column: Int"]

    func write(to writer: inout BinaryWriter) {
        writer.string(protocolName); writer.string(functionName); writer.int(line); writer.int(column)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(protocolName: try reader.string(), functionName: try reader.string(),
                  line: try reader.lineOrOffset(), column: try reader.lineOrOffset())
    }
}

extension PropertyRequirementFact: BinaryCodable {
    static let schema = ["protocolName: String", "propertyName: String", "isSettable: Bool", "line: Int", "column: Int"]

    func write(to writer: inout BinaryWriter) {
        writer.string(protocolName); writer.string(propertyName); writer.bool(isSettable); writer.int(line); writer.int(column)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(protocolName: try reader.string(), propertyName: try reader.string(), isSettable: try reader.bool(),
                  line: try reader.lineOrOffset(), column: try reader.lineOrOffset())
    }
}

extension HeldViewModelFact: BinaryCodable {
    static let schema = [
        "ownerType: String",
        "typeName: String",
        "isNamedViewModel: Bool",
        "isBesideViewModel: Bool",
        "isEnvironmentObject: Bool",
        "isGiven: Bool",
    ]

    func write(to writer: inout BinaryWriter) {
        writer.string(ownerType); writer.string(typeName)
        writer.bool(isNamedViewModel); writer.bool(isBesideViewModel); writer.bool(isEnvironmentObject); writer.bool(isGiven)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(ownerType: try reader.string(), typeName: try reader.string(), isNamedViewModel: try reader.bool(),
                  isBesideViewModel: try reader.bool(), isEnvironmentObject: try reader.bool(), isGiven: try reader.bool())
    }
}

extension MemberTypeFact: BinaryCodable {
    static let schema = ["ownerType: String", "name: String", "kind: Kind", "types: Array<String>", "line: Int"]

    func write(to writer: inout BinaryWriter) {
        writer.string(ownerType); writer.string(name); writer.string(kind.rawValue); writer.strings(types); writer.int(line)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(ownerType: try reader.string(), name: try reader.string(), kind: try reader.choice(Kind.self),
                  types: try reader.strings(), line: try reader.lineOrOffset())
    }
}
