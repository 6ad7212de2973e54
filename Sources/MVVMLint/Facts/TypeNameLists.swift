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
final class TypeNameLists: @unchecked Sendable {
    var inherited: [String]
    var attributes: [String]
    var cases: [String]
    var storedTypes: [String]

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
}
