/// An action a type's own code sends (`send(.loaded(items))`, `responder.send(.closed)`), and
/// what sends it, for `every-action-tested`: an action a test drives through another path (a
/// route it sets, an action whose handler sends it) is tested through that path.
public struct ActionSendFact: Hashable, Codable, Sendable {
    /// The simple name of the type whose code sends it (an extension's extended type).
    public var ownerType: String
    /// The case sent: the first implicit member of the call (`loaded` of `.loaded(items)`).
    public var caseName: String
    /// What sends it: the case of the `switch` around the call (`save` of `case .save:`),
    /// else the member the call is in (`route` of its `didSet`, a function's base name).
    public var sender: String
    /// Whether ``sender`` is a `switch` case's name rather than a member's.
    public var senderIsCase: Bool
}

extension ActionSendFact: BinaryCodable {
    static let schema = ["ownerType: String", "caseName: String", "sender: String", "senderIsCase: Bool"]

    func write(to writer: inout BinaryWriter) {
        writer.string(ownerType); writer.string(caseName); writer.string(sender); writer.bool(senderIsCase)
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(ownerType: try reader.string(), caseName: try reader.string(), sender: try reader.string(), senderIsCase: try reader.bool())
    }
}
