/// A compact binary form of ``FileFacts`` for the cache. Decoding JSON cost a cached run more
/// than parsing the files had; this writes fields in a fixed order with length prefixes, and a
/// reader that finds anything out of place throws, so a damaged cache is dropped, never trusted.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func int(_ value: Int) {
        // LEB128 of the bit pattern: small non-negative numbers (lines, counts) take one byte.
        var rest = UInt64(bitPattern: Int64(value))
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            bytes.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
    }

    mutating func uint64(_ value: UInt64) {
        int(Int(Int64(bitPattern: value)))
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// A length-prefixed block of bytes written by another writer.
    mutating func bytes(_ block: [UInt8]) {
        int(block.count)
        bytes.append(contentsOf: block)
    }

    mutating func string(_ value: String) {
        let utf8 = value.utf8
        int(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    mutating func optional<T>(_ value: T?, _ write: (inout BinaryWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    mutating func array<T>(_ values: some Collection<T>, _ write: (inout BinaryWriter, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }

    mutating func strings(_ values: some Collection<String>) {
        array(values) { $0.string($1) }
    }
}

/// Reads what ``BinaryWriter`` wrote; every read checks its bounds.
struct BinaryReader {
    struct Damaged: Error {}

    private let bytes: [UInt8]
    private var index: Int
    private let end: Int

    init(_ bytes: [UInt8]) {
        self.init(bytes, range: 0..<bytes.count)
    }

    /// A reader of `range` of `bytes`, without copying them.
    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        index = range.lowerBound
        end = range.upperBound
    }

    var isAtEnd: Bool { index == end }

    /// Where the next read starts.
    var position: Int { index }

    /// Moves past `count` bytes.
    mutating func skip(_ count: Int) throws(Damaged) {
        guard count >= 0, count <= end - index else { throw Damaged() }
        index += count
    }

    mutating func int() throws(Damaged) -> Int {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard index < end, shift < 64 else { throw Damaged() }
            let byte = bytes[index]
            index += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: result))
    }

    /// The positions a cached fact may hold (lines, columns, byte offsets): a damaged or forged
    /// cache cannot hand a rule a negative or absurd number.
    static let positions = 0...Int(Int32.max)

    /// A number that must lie in `range`.
    mutating func int(in range: ClosedRange<Int>) throws(Damaged) -> Int {
        let value = try int()
        guard range.contains(value) else { throw Damaged() }
        return value
    }

    /// A line, column or offset.
    mutating func lineOrOffset() throws(Damaged) -> Int {
        try int(in: Self.positions)
    }

    mutating func uint64() throws(Damaged) -> UInt64 {
        UInt64(bitPattern: Int64(try int()))
    }

    mutating func bool() throws(Damaged) -> Bool {
        guard index < end, bytes[index] <= 1 else { throw Damaged() }
        index += 1
        return bytes[index - 1] == 1
    }

    mutating func count() throws(Damaged) -> Int {
        let count = try int()
        guard count >= 0, count <= end - index else { throw Damaged() }
        return count
    }

    mutating func string() throws(Damaged) -> String {
        let length = try count()
        defer { index += length }
        return String(decoding: bytes[index..<(index + length)], as: UTF8.self)
    }

    mutating func optional<T>(_ read: (inout BinaryReader) throws(Damaged) -> T) throws(Damaged) -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<T>(_ read: (inout BinaryReader) throws(Damaged) -> T) throws(Damaged) -> [T] {
        let count = try count()
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    mutating func strings() throws(Damaged) -> [String] {
        try array { reader throws(Damaged) in try reader.string() }
    }

    mutating func choice<T: RawRepresentable<String>>(_ type: T.Type) throws(Damaged) -> T {
        guard let value = T(rawValue: try string()) else { throw Damaged() }
        return value
    }
}

extension FileFacts {
    func write(to writer: inout BinaryWriter) {
        writer.string(path)
        writer.bool(isTestFile)
        writer.strings(imports)
        writer.array(types) { writer, type in
            writer.string(type.name); writer.string(type.qualifiedName); writer.string(type.kind.rawValue)
            writer.strings(type.inherited); writer.int(type.line); writer.int(type.column)
            writer.strings(type.attributes); writer.strings(type.cases); writer.bool(type.isGeneric)
        }
        writer.array(enumCases) { writer, fact in
            writer.string(fact.ownerType); writer.string(fact.enumName); writer.string(fact.caseName)
            writer.int(fact.line); writer.int(fact.column)
        }
        writer.array(requirements) { writer, fact in
            writer.string(fact.protocolName); writer.string(fact.functionName); writer.int(fact.line); writer.int(fact.column)
        }
        writer.array(propertyRequirements) { writer, fact in
            writer.string(fact.protocolName); writer.string(fact.propertyName); writer.bool(fact.isSettable)
            writer.int(fact.line); writer.int(fact.column)
        }
        writer.strings(boundMembers.sorted())
        writer.array(heldViewModels) { writer, fact in
            writer.string(fact.ownerType); writer.string(fact.typeName); writer.bool(fact.isNamedViewModel)
            writer.bool(fact.isBesideViewModel); writer.bool(fact.isEnvironmentObject)
        }
        writer.array(members) { writer, fact in
            writer.string(fact.ownerType); writer.string(fact.name); writer.string(fact.kind.rawValue)
            writer.strings(fact.types); writer.int(fact.line)
        }
        writer.strings(testReferences.sorted())
        writer.array(suppressions.regions) { writer, region in
            writer.optional(region.ruleIDs.map { $0.sorted() }) { $0.strings($1) }
            writer.int(region.firstLine); writer.int(region.lastLine)
        }
        writer.array(pending) { writer, pending in
            pending.diagnostic.write(to: &writer)
            writer.array(pending.conditions) { writer, condition in
                writer.string(condition.typeName); writer.string(condition.role.rawValue); writer.bool(condition.holds)
            }
        }
        writer.array(notices) { writer, notice in notice.write(to: &writer) }
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(path: try reader.string(), isTestFile: try reader.bool())
        imports = try reader.strings()
        types = try reader.array { reader throws(BinaryReader.Damaged) in
            TypeFact(name: try reader.string(), qualifiedName: try reader.string(), kind: try reader.choice(TypeFact.Kind.self),
                     inherited: try reader.strings(), line: try reader.lineOrOffset(), column: try reader.lineOrOffset(),
                     attributes: try reader.strings(), cases: try reader.strings(), isGeneric: try reader.bool())
        }
        enumCases = try reader.array { reader throws(BinaryReader.Damaged) in
            EnumCaseFact(ownerType: try reader.string(), enumName: try reader.string(), caseName: try reader.string(),
                         line: try reader.lineOrOffset(), column: try reader.lineOrOffset())
        }
        requirements = try reader.array { reader throws(BinaryReader.Damaged) in
            RequirementFact(protocolName: try reader.string(), functionName: try reader.string(), line: try reader.lineOrOffset(), column: try reader.lineOrOffset())
        }
        propertyRequirements = try reader.array { reader throws(BinaryReader.Damaged) in
            PropertyRequirementFact(protocolName: try reader.string(), propertyName: try reader.string(), isSettable: try reader.bool(),
                                    line: try reader.lineOrOffset(), column: try reader.lineOrOffset())
        }
        boundMembers = Set(try reader.strings())
        heldViewModels = try reader.array { reader throws(BinaryReader.Damaged) in
            HeldViewModelFact(ownerType: try reader.string(), typeName: try reader.string(),
                              isNamedViewModel: try reader.bool(), isBesideViewModel: try reader.bool(),
                              isEnvironmentObject: try reader.bool())
        }
        members = try reader.array { reader throws(BinaryReader.Damaged) in
            MemberTypeFact(ownerType: try reader.string(), name: try reader.string(), kind: try reader.choice(MemberTypeFact.Kind.self),
                           types: try reader.strings(), line: try reader.lineOrOffset())
        }
        testReferences = Set(try reader.strings())
        suppressions.regions = try reader.array { reader throws(BinaryReader.Damaged) in
            let ids = try reader.optional { reader throws(BinaryReader.Damaged) in Set(try reader.strings()) }
            return SuppressionTable.Region(ruleIDs: ids, firstLine: try reader.lineOrOffset(), lastLine: try reader.int(in: 0...Int.max))
        }
        pending = try reader.array { reader throws(BinaryReader.Damaged) in
            let diagnostic = try Diagnostic(from: &reader)
            let conditions = try reader.array { reader throws(BinaryReader.Damaged) in
                RoleCondition(try reader.string(), is: try reader.choice(Role.self), holds: try reader.bool())
            }
            return PendingDiagnostic(diagnostic, conditions: conditions)
        }
        notices = try reader.array { reader throws(BinaryReader.Damaged) in try Diagnostic(from: &reader) }
    }
}

extension Diagnostic {
    func write(to writer: inout BinaryWriter) {
        writer.string(path); writer.int(line); writer.int(column); writer.string(ruleID)
        writer.string(severity.rawValue); writer.string(message)
        writer.optional(hint) { $0.string($1) }
        writer.optional(fix) { writer, edits in
            writer.array(edits) { writer, edit in
                writer.int(edit.offset); writer.int(edit.length); writer.string(edit.replacement)
            }
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(
            path: try reader.string(), line: try reader.lineOrOffset(), column: try reader.lineOrOffset(), ruleID: try reader.string(),
            severity: try reader.choice(Severity.self), message: try reader.string(),
            hint: try reader.optional { reader throws(BinaryReader.Damaged) in try reader.string() },
            fix: try reader.optional { reader throws(BinaryReader.Damaged) in
                try reader.array { reader throws(BinaryReader.Damaged) in
                    TextEdit(offset: try reader.lineOrOffset(), length: try reader.lineOrOffset(), replacement: try reader.string())
                }
            }
        )
    }
}
