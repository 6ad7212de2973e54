/// A type declaration or extension, as much of it as role resolution and project rules need.
public struct TypeFact: Hashable, Codable, Sendable {
    /// What kind of declaration it is.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case `class`, `struct`, `enum`, `protocol`, `actor`, `extension`, `typealias`
    }

    // Every file's type facts live through the project phase, the largest share of its memory:
    // the fields are stored largest first, the four lists of names in one object that facts
    // with the same lists share, the line in 32 bits and the column, kind and genericity
    // together in another 32, so a fact takes 48 bytes rather than 96.

    /// The simple name (for an extension, the last component of the extended type).
    public var name: String
    /// The name with its enclosing types, `Outer.Inner`.
    public var qualifiedName: String
    private(set) var lists: TypeNameLists
    private var storedLine: Int32
    /// The column in the low ``columnBits`` bits, then the kind's number, then the genericity.
    private var columnKindAndGenericity: UInt32

    /// Columns up to 2^28 - 1 are held exactly: far beyond the largest file read (8 MB).
    private static let columnBits: UInt32 = 28
    private static let columnMask: UInt32 = (1 << columnBits) - 1
    private static let kindMask: UInt32 = 0b111 << columnBits
    private static let genericBit: UInt32 = 1 << 31

    /// The declaration's kind.
    public var kind: Kind {
        get {
            switch (columnKindAndGenericity & Self.kindMask) >> Self.columnBits {
            case 0: .class
            case 1: .struct
            case 2: .enum
            case 3: .protocol
            case 4: .actor
            case 5: .extension
            default: .typealias
            }
        }
        set {
            // Three bits: a kind added beyond eight needs a bit taken from the column.
            let number: UInt32 = switch newValue {
            case .class: 0
            case .struct: 1
            case .enum: 2
            case .protocol: 3
            case .actor: 4
            case .extension: 5
            case .typealias: 6
            }
            columnKindAndGenericity = columnKindAndGenericity & ~Self.kindMask | number << Self.columnBits
        }
    }

    /// Whether it declares generic parameters.
    public var isGeneric: Bool {
        get { columnKindAndGenericity & Self.genericBit != 0 }
        set { columnKindAndGenericity = newValue ? columnKindAndGenericity | Self.genericBit : columnKindAndGenericity & ~Self.genericBit }
    }

    /// The simple names in its inheritance clause, generic arguments and modules dropped; for a
    /// type alias, the simple name of the type it stands for.
    public var inherited: [String] {
        get { lists.inherited }
        _modify { yield &uniqueLists().inherited }
    }

    /// The simple names of its attributes (`Observable`, `MainActor`).
    public var attributes: [String] {
        get { lists.attributes }
        _modify { yield &uniqueLists().attributes }
    }

    /// For an enum, the names of its cases.
    public var cases: [String] {
        get { lists.cases }
        _modify { yield &uniqueLists().cases }
    }

    /// The capitalised type names its stored instance properties' types mention, generic
    /// arguments and collection elements included: what the type is made of.
    public var storedTypes: [String] {
        get { lists.storedTypes }
        _modify { yield &uniqueLists().storedTypes }
    }

    // The lists are changed through `_modify`, so `fact.storedTypes.append(name)` grows the
    // fact's own array where it is rather than copying it for a setter.

    /// The fact's own lists, copied first if another fact shares them.
    private mutating func uniqueLists() -> TypeNameLists {
        if !isKnownUniquelyReferenced(&lists) {
            lists = lists.copy()
        }
        return lists
    }

    /// Has `share` replace each of its lists in place, then puts the lists as a whole in the
    /// shared object `sharedLists` returns for them. Facts read back own their lists, so
    /// nothing is copied on the way.
    mutating func shareLists(_ share: (inout [String]) -> Void, whole sharedLists: (TypeNameLists) -> TypeNameLists) {
        guard !lists.isEmpty else { return }
        let own = uniqueLists()
        share(&own.inherited)
        share(&own.attributes)
        share(&own.cases)
        share(&own.storedTypes)
        lists = sharedLists(own)
    }

    /// Where the name is.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    /// Where the name is.
    public var column: Int {
        get { Int(columnKindAndGenericity & Self.columnMask) }
        set {
            let column = UInt32(clamping: min(newValue, Int(Self.columnMask)))
            columnKindAndGenericity = columnKindAndGenericity & ~Self.columnMask | column
        }
    }

    /// A fact with the given fields; a line beyond 32 bits is held at the largest one, a column
    /// beyond 28 bits at the largest, and a negative column at zero.
    public init(
        name: String, qualifiedName: String, kind: Kind, inherited: [String], line: Int, column: Int,
        attributes: [String] = [], cases: [String] = [], isGeneric: Bool = false, storedTypes: [String] = []
    ) {
        self.name = name
        self.qualifiedName = qualifiedName
        lists = TypeNameLists.holding(inherited: inherited, attributes: attributes, cases: cases, storedTypes: storedTypes)
        storedLine = Int32(clamping: line)
        columnKindAndGenericity = 0
        self.column = column
        self.kind = kind
        self.isGeneric = isGeneric
    }

    private enum CodingKeys: String, CodingKey {
        case name, qualifiedName, kind, inherited, line, column, attributes, cases, isGeneric, storedTypes
    }

    /// Decodes a fact from the keys it is encoded with, its fields' names.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            qualifiedName: try container.decode(String.self, forKey: .qualifiedName),
            kind: try container.decode(Kind.self, forKey: .kind),
            inherited: try container.decode([String].self, forKey: .inherited),
            line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column),
            attributes: try container.decode([String].self, forKey: .attributes),
            cases: try container.decode([String].self, forKey: .cases),
            isGeneric: try container.decode(Bool.self, forKey: .isGeneric),
            storedTypes: try container.decode([String].self, forKey: .storedTypes)
        )
    }

    /// Encodes the fact under its fields' names, in the order they are declared in.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(qualifiedName, forKey: .qualifiedName)
        try container.encode(kind, forKey: .kind)
        try container.encode(inherited, forKey: .inherited)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(attributes, forKey: .attributes)
        try container.encode(cases, forKey: .cases)
        try container.encode(isGeneric, forKey: .isGeneric)
        try container.encode(storedTypes, forKey: .storedTypes)
    }
}

// MARK: - Cache coding

extension TypeFact: BinaryCodable {
    static let schema = [
        "name: String",
        "qualifiedName: String",
        "lists: TypeNameLists",
        "storedLine: Int32",
        "columnKindAndGenericity: UInt32",
    ]

    func write(to writer: inout BinaryWriter) {
        writer.string(name); writer.string(qualifiedName); lists.write(to: &writer); writer.int(line); writer.int(column)
        writer.string(kind.rawValue); writer.bool(isGeneric)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        let name = try reader.string(), qualifiedName = try reader.string(), lists = try TypeNameLists.decoded(from: &reader)
        let line = try reader.lineOrOffset(), column = try reader.lineOrOffset()
        self.init(name: name, qualifiedName: qualifiedName, kind: try reader.choice(Kind.self), inherited: [],
                  line: line, column: column, isGeneric: try reader.bool())
        self.lists = lists
    }
}

/// The four lists of names a ``TypeFact`` holds (what it inherits, its attributes, its cases,
/// the types it stores), in one object that facts with the same lists share.
///
/// A project's type facts live through the project phase, and most of them repeat a few
/// thousand combinations of lists (`["View"]` and nothing else; an extension with no lists at
/// all). One reference in place of four arrays makes every fact 24 bytes smaller, and the name
/// table gives facts with the same lists one object.
///
/// Facts change their lists copy-on-write: an object is changed only while one fact holds it
/// (``TypeFact`` checks with `isKnownUniquelyReferenced`), which is what makes it `Sendable`.
/// Only `TypeFact`, in this file, can change the lists: anywhere else a change could reach the
/// shared empty object or one the name table holds.
final class TypeNameLists: @unchecked Sendable {
    fileprivate(set) var inherited: [String]
    fileprivate(set) var attributes: [String]
    fileprivate(set) var cases: [String]
    fileprivate(set) var storedTypes: [String]

    private init(inherited: [String], attributes: [String], cases: [String], storedTypes: [String]) {
        self.inherited = inherited
        self.attributes = attributes
        self.cases = cases
        self.storedTypes = storedTypes
    }

    /// One object for every fact whose lists are all empty: a third of a project's facts
    /// (mostly extensions) allocate nothing for them.
    private static let empty = TypeNameLists(inherited: [], attributes: [], cases: [], storedTypes: [])

    /// An object holding the lists; the shared empty one when all four are empty.
    static func holding(inherited: [String], attributes: [String], cases: [String], storedTypes: [String]) -> TypeNameLists {
        if inherited.isEmpty && attributes.isEmpty && cases.isEmpty && storedTypes.isEmpty {
            return empty
        }
        return TypeNameLists(inherited: inherited, attributes: attributes, cases: cases, storedTypes: storedTypes)
    }

    /// Whether all four lists are empty.
    var isEmpty: Bool {
        inherited.isEmpty && attributes.isEmpty && cases.isEmpty && storedTypes.isEmpty
    }

    /// Whether every name is ASCII: only then are equal lists the same bytes.
    var isASCII: Bool {
        inherited.allSatisfy(\.isASCII) && attributes.allSatisfy(\.isASCII) && cases.allSatisfy(\.isASCII)
            && storedTypes.allSatisfy(\.isASCII)
    }

    /// A new object with the same lists, for a fact about to change one.
    func copy() -> TypeNameLists {
        TypeNameLists(inherited: inherited, attributes: attributes, cases: cases, storedTypes: storedTypes)
    }
}

extension TypeNameLists: Hashable {
    static func == (lhs: TypeNameLists, rhs: TypeNameLists) -> Bool {
        lhs === rhs || (lhs.inherited == rhs.inherited && lhs.attributes == rhs.attributes
            && lhs.cases == rhs.cases && lhs.storedTypes == rhs.storedTypes)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(inherited)
        hasher.combine(attributes)
        hasher.combine(cases)
        hasher.combine(storedTypes)
    }
}

extension TypeNameLists: CustomStringConvertible {
    var description: String {
        "inherited: \(inherited), attributes: \(attributes), cases: \(cases), storedTypes: \(storedTypes)"
    }
}

extension TypeNameLists: BinaryCodable {
    static let schema = [
        "inherited: Array<String>",
        "attributes: Array<String>",
        "cases: Array<String>",
        "storedTypes: Array<String>",
    ]

    func write(to writer: inout BinaryWriter) {
        writer.strings(inherited); writer.strings(attributes); writer.strings(cases); writer.strings(storedTypes)
    }

    convenience init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(inherited: try reader.strings(), attributes: try reader.strings(), cases: try reader.strings(), storedTypes: try reader.strings())
    }

    /// Reads what `write(to:)` wrote; the shared empty object when all four lists are empty.
    static func decoded(from reader: inout BinaryReader) throws(BinaryReader.Damaged) -> TypeNameLists {
        let lists = try TypeNameLists(from: &reader)
        return lists.isEmpty ? empty : lists
    }
}
