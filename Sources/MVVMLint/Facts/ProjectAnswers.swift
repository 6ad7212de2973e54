/// What the project phase answered for one file, kept with the stored run so that a later run
/// can re-check the file alone after an edit that leaves the rest of the project as it was.
///
/// An edit is re-checked alone only when the file's facts, positions left out, are the ones
/// the answers were given for (the same ``FileFacts/shapeDigest``): then the project's index
/// and the project rules' work are unchanged, and the file's own findings need only the answers
/// its findings' role conditions asked for and the places the project rules reported at.
struct ProjectAnswers: Equatable, Sendable {
    /// Each role question the file's findings asked, with its answer in `holds`, in the order asked.
    var answers: [RoleCondition] = []
    /// Each type name a finding's message explained as a view model, with the reason given
    /// (`nil`: none), in the order asked.
    var reasons: [Reason] = []
    /// The file's ``FileFacts/positions``, kept only when a project rule reported in the file:
    /// what moves those findings with the lines an edit inserts or removes.
    var positions: [Int] = []

    /// A type name and why it is a view model, if a reason was given.
    struct Reason: Equatable, Sendable {
        var typeName: String
        var reason: String?
    }

    /// The answer kept to the question of `condition` (does its type have its role), if it was asked.
    func answer(to condition: RoleCondition) -> Bool? {
        answers.first { $0.role == condition.role && $0.typeName == condition.typeName }?.holds
    }

    /// Whether every condition holds, asking `answer` each in order as the project phase does
    /// (the first that fails decides) and recording each answer; `nil` when `answer` has none.
    mutating func asking(_ conditions: [RoleCondition], _ answer: (RoleCondition) -> Bool?) -> Bool? {
        for condition in conditions {
            guard let given = answer(condition) else { return nil }
            record(condition, answer: given)
            if given != condition.holds { return false }
        }
        return true
    }

    /// The reason kept for `typeName`: `.some(nil)` when none was given, `nil` when not asked.
    func reason(for typeName: String) -> String?? {
        reasons.first { $0.typeName == typeName }.map(\.reason)
    }

    /// Records the answer to a question, once.
    mutating func record(_ condition: RoleCondition, answer: Bool) {
        guard !answers.contains(where: { $0.role == condition.role && $0.typeName == condition.typeName }) else { return }
        answers.append(RoleCondition(condition.typeName, is: condition.role, holds: answer))
    }

    /// Records the reason given for `typeName`, once.
    mutating func record(reason: String?, for typeName: String) {
        guard self.reason(for: typeName) == nil else { return }
        reasons.append(Reason(typeName: typeName, reason: reason))
    }
}

extension ProjectAnswers: BinaryCodable {
    static let schema = ["answers: Array<RoleCondition>", "reasons: Array<Reason>", "positions: Array<Int>"]

    func write(to writer: inout BinaryWriter) {
        writer.values(answers)
        writer.array(reasons) { writer, reason in
            writer.string(reason.typeName)
            writer.optional(reason.reason) { $0.string($1) }
        }
        writer.array(positions) { $0.int($1) }
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        answers = try reader.values()
        reasons = try reader.array { reader throws(BinaryReader.Damaged) in
            Reason(typeName: try reader.string(), reason: try reader.optional { reader throws(BinaryReader.Damaged) in try reader.string() })
        }
        positions = try reader.array { reader throws(BinaryReader.Damaged) in try reader.lineOrOffset() }
    }
}

extension FileFacts {
    /// A stable hash of what the project phase reads of the file (its types, members, imports,
    /// requirements, held view models, sends, bound members and test words) with every line
    /// and column left out; its findings, notices and suppressions are not part of it. Two
    /// texts with the same digest give the project's index and the project rules the same
    /// input but for where things are.
    var shapeDigest: UInt64 {
        var shape = FileFacts(path: path, isTestFile: isTestFile)
        shape.imports = imports
        shape.types = types.map { var type = $0; type.line = 0; type.column = 0; return type }
        shape.enumCases = enumCases.map { var fact = $0; fact.line = 0; fact.column = 0; return fact }
        shape.requirements = requirements.map { var fact = $0; fact.line = 0; fact.column = 0; return fact }
        shape.propertyRequirements = propertyRequirements.map { var fact = $0; fact.line = 0; fact.column = 0; return fact }
        shape.boundMembers = boundMembers
        shape.heldViewModels = heldViewModels
        shape.members = members.map { var fact = $0; fact.line = 0; return fact }
        shape.actionSends = actionSends
        shape.testReferences = testReferences
        var writer = BinaryWriter()
        shape.write(to: &writer)
        return writer.bytes.withUnsafeBytes { StableHash.of($0) }
    }

    /// Every line and column ``shapeDigest`` leaves out, in a fixed order (a member's column
    /// as zero): of two texts with the same digest, the n-th position of one is where the
    /// other has its n-th.
    var positions: [Int] {
        var positions: [Int] = []
        positions.reserveCapacity(2 * (types.count + enumCases.count + requirements.count + propertyRequirements.count + members.count))
        for type in types { positions += [type.line, type.column] }
        for fact in enumCases { positions += [fact.line, fact.column] }
        for fact in requirements { positions += [fact.line, fact.column] }
        for fact in propertyRequirements { positions += [fact.line, fact.column] }
        for fact in members { positions += [fact.line, 0] }
        return positions
    }
}
