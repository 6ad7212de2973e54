@testable import MVVMLint
import Testing

/// The cache writes each fact field by hand, so a field added to a fact type could be left out
/// of the coding and silently come back as its default. This test builds facts in which every
/// stored property, of every fact type reachable from ``FileFacts``, differs from a blank
/// instance (checked by reflection, so a new field fails here until the sample sets it), then
/// requires the whole value to survive encoding and decoding.
struct FactsRoundTripTests {
    /// A blank instance of each fact type, keyed by type name: what a field left unset looks like.
    static let blanks: [String: any Sendable] = [
        "FileFacts": FileFacts(path: "", isTestFile: false),
        "TypeFact": TypeFact(name: "", qualifiedName: "", kind: .class, inherited: [], line: 0, column: 0),
        "TypeNameLists": TypeNameLists.holding(inherited: [], attributes: [], cases: [], storedTypes: []),
        "EnumCaseFact": EnumCaseFact(ownerType: "", enumName: "", caseName: "", line: 0, column: 0),
        "RequirementFact": RequirementFact(protocolName: "", functionName: "", line: 0, column: 0),
        "PropertyRequirementFact": PropertyRequirementFact(protocolName: "", propertyName: "", isSettable: false, line: 0, column: 0),
        "HeldViewModelFact": HeldViewModelFact(ownerType: "", typeName: ""),
        "MemberTypeFact": MemberTypeFact(ownerType: "", name: "", kind: .property, types: [], line: 0),
        "ActionSendFact": ActionSendFact(ownerType: "", caseName: "", sender: "", senderIsCase: false),
        "SuppressionTable": SuppressionTable(),
        "Region": SuppressionTable.Region(ruleIDs: nil, firstLine: 0, lastLine: 0),
        "PendingDiagnostic": PendingDiagnostic(Diagnostic(path: "", line: 0, column: 0, ruleID: "", severity: .warning, message: "")),
        "Diagnostic": Diagnostic(path: "", line: 0, column: 0, ruleID: "", severity: .warning, message: ""),
        "RoleCondition": RoleCondition("", is: .view, holds: true),
        "TextEdit": TextEdit(offset: 0, length: 0, replacement: ""),
    ]

    /// Facts with every field set to something other than its blank value.
    static var sample: FileFacts {
        var facts = FileFacts(path: "Sources/Ä/B.swift", isTestFile: true)
        facts.imports = ["SwiftUI", "MVVM"]
        var type = TypeFact(name: "A", qualifiedName: "Outer.A", kind: .extension, inherited: ["View", "B"], line: 3, column: 11)
        type.attributes = ["MainActor"]
        type.cases = ["idle"]
        type.isGeneric = true
        type.storedTypes = ["FeedSection", "RowState"]
        facts.types = [type]
        facts.enumCases = [EnumCaseFact(ownerType: "A", enumName: "Action", caseName: "go", line: 4, column: 14)]
        facts.requirements = [RequirementFact(protocolName: "P", functionName: "load", line: 9, column: 10)]
        facts.propertyRequirements = [PropertyRequirementFact(protocolName: "P", propertyName: "x", isSettable: true, line: 8, column: 9)]
        facts.boundMembers = ["query", "isOn"]
        facts.heldViewModels = [HeldViewModelFact(ownerType: "V", typeName: "VM", isNamedViewModel: false, isBesideViewModel: true, isEnvironmentObject: true, isGiven: true)]
        facts.members = [MemberTypeFact(ownerType: "A.Dependencies", name: "load", kind: .genericParameter, types: ["Item.ID"], line: 12)]
        facts.actionSends = [ActionSendFact(ownerType: "A", caseName: "go", sender: "route", senderIsCase: true)]
        facts.testReferences = ["go", "load", "\u{1F600}"]
        facts.suppressions.regions = [.init(ruleIDs: ["layering"], firstLine: 5, lastLine: .max), .init(ruleIDs: nil, firstLine: 1, lastLine: 2)]
        facts.pending = [PendingDiagnostic(
            Diagnostic(path: "p", line: 1, column: 2, ruleID: "r", severity: .error, message: "m", hint: "h",
                       fix: [TextEdit(offset: 1, length: 3, replacement: "final ")],
                       fixInOtherFiles: ["o": [TextEdit(offset: 4, length: 0, replacement: "@State")]], unfixedReason: "r"),
            conditions: [RoleCondition("A", is: .viewModel, holds: false), RoleCondition("B", is: .baseClass)]
        )]
        facts.notices = [Diagnostic(path: "q", line: 7, column: 1, ruleID: "io-error", severity: .error, message: "n", hint: "k",
                                    fix: [TextEdit(offset: 2, length: 1, replacement: "x")],
                                    fixInOtherFiles: ["a": [], "b": [TextEdit(offset: 0, length: 1, replacement: "")]], unfixedReason: "why")]
        return facts
    }

    /// Records an issue for each stored property of `value` (and of the fact values inside it)
    /// that equals the blank instance's; returns the names of the types it checked.
    @discardableResult
    static func expectEveryFieldSet(_ value: Any, at path: String) -> Set<String> {
        let typeName = String(describing: type(of: value))
        guard let blank = blanks[typeName] else {
            Issue.record("\(path): no blank instance of \(typeName); add one to FactsRoundTripTests.blanks")
            return []
        }
        var checked: Set<String> = [typeName]
        let blankFields = Dictionary(uniqueKeysWithValues: Mirror(reflecting: blank).children.compactMap { child in
            child.label.map { ($0, child.value) }
        })
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            let field = "\(path).\(label)"
            #expect(String(describing: child.value) != String(describing: blankFields[label] ?? ()), "\(field) is not set in the sample")
            for element in elements(of: child.value) where blanks[String(describing: type(of: element))] != nil {
                checked.formUnion(expectEveryFieldSet(element, at: field + "[0]"))
            }
        }
        return checked
    }

    /// The value itself (a struct, or an object such as a type fact's lists), or the first
    /// element of an array or optional holding fact values.
    static func elements(of value: Any) -> [Any] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection?, .optional?:
            return mirror.children.first.map { elements(of: $0.value) } ?? []
        case .struct?, .class?:
            return [value]
        default:
            return []
        }
    }

    @Test func theSampleSetsEveryFieldOfEveryFactType() {
        let checked = Self.expectEveryFieldSet(Self.sample, at: "FileFacts")
        #expect(checked == Set(Self.blanks.keys), "a fact type was not reached from the sample")
    }

    /// Each stored type's schema, from which the cache's format number is derived, lists its
    /// stored properties with their types in declaration order: a field added without a schema
    /// entry, or retyped, fails here (and so cannot keep an old cache's format number).
    @Test(arguments: FileFacts.storedTypes.map { String(describing: $0) })
    func theSchemaMatchesTheStoredProperties(of typeName: String) throws {
        let type = try #require(FileFacts.storedTypes.first { String(describing: $0) == typeName })
        let blank = try #require(Self.blanks[typeName], "no blank instance of \(typeName)")
        let fields = Mirror(reflecting: blank).children.compactMap { child in
            child.label.map { "\($0): \(String(describing: Swift.type(of: child.value)))" }
        }
        #expect(type.schema == fields)
    }

    /// `TypeNameLists` compares, hashes and describes its lists by hand: a list added to it needs
    /// all three, and the round trip compares through its `==`.
    @Test func theTypeListsHoldTheFourListsTheyCompare() {
        let labels = Mirror(reflecting: TypeNameLists.holding(inherited: [], attributes: [], cases: [], storedTypes: [])).children.compactMap(\.label)
        #expect(labels == ["inherited", "attributes", "cases", "storedTypes"], "update TypeNameLists' ==, hash(into:) and description")
    }

    @Test func theFormatChangesWithTheSchema() {
        #expect(LintCache.format > 0)
        let schemas = FileFacts.storedTypes.map { "\($0): \($0.schema.joined(separator: ", "))" }
        #expect(LintCache.layout.starts(with: schemas))
        let layout = LintCache.layout
        #expect(Int(StableHash.of(layout.joined(separator: "\n")) & 0x7FFF_FFFF) == LintCache.format)
        #expect(Int(StableHash.of(layout.dropLast().joined(separator: "\n")) & 0x7FFF_FFFF) != LintCache.format)
    }

    @Test func everyFieldSurvivesEncodingAndDecoding() throws {
        let facts = Self.sample
        var writer = BinaryWriter()
        facts.write(to: &writer)
        var reader = BinaryReader(writer.bytes)
        #expect(try FileFacts(from: &reader) == facts)
        #expect(reader.isAtEnd)
    }
}
