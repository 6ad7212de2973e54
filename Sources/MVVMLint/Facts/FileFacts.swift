/// Everything the linter keeps of one file once its syntax tree is gone.
public struct FileFacts: Codable, Sendable, Equatable {
    /// The file's path as reported.
    public var path: String
    /// Whether the file counts as a test file.
    public var isTestFile: Bool
    /// Modules the file imports.
    public var imports: [String] = []
    /// Declared types and extensions.
    public var types: [TypeFact] = []
    /// Cases of the action enums (`Action`, `ResponderAction`) nested in types; of every nested
    /// enum when a project rule from outside the built-in set runs. Every enum's case names are
    /// in its ``TypeFact/cases``.
    public var enumCases: [EnumCaseFact] = []
    /// Function requirements of protocols.
    public var requirements: [RequirementFact] = []
    /// Property requirements of protocols.
    public var propertyRequirements: [PropertyRequirementFact] = []
    /// Members some binding projects, `x` of `$viewModel.x`.
    public var boundMembers: Set<String> = []
    /// Types held as view models.
    public var heldViewModels: [HeldViewModelFact] = []
    /// Members that mention view models or responder actions.
    public var members: [MemberTypeFact] = []
    /// Actions the file's types send from their own code, and what sends each.
    public var actionSends: [ActionSendFact] = []
    /// Identifiers a test file mentions (empty for other files).
    public var testReferences = CodeWords()
    /// The file's `mvvm:disable` regions.
    public var suppressions = SuppressionTable()
    /// File-local findings, kept if their role conditions hold.
    public var pending: [PendingDiagnostic] = []
    /// Findings about the file itself (unreadable, does not parse, bad suppression comment).
    public var notices: [Diagnostic] = []
}

// MARK: - Cache coding

extension FileFacts: BinaryCodable {
    static let schema = [
        "path: String",
        "isTestFile: Bool",
        "imports: Array<String>",
        "types: Array<TypeFact>",
        "enumCases: Array<EnumCaseFact>",
        "requirements: Array<RequirementFact>",
        "propertyRequirements: Array<PropertyRequirementFact>",
        "boundMembers: Set<String>",
        "heldViewModels: Array<HeldViewModelFact>",
        "members: Array<MemberTypeFact>",
        "actionSends: Array<ActionSendFact>",
        "testReferences: CodeWords",
        "suppressions: SuppressionTable",
        "pending: Array<PendingDiagnostic>",
        "notices: Array<Diagnostic>",
    ]

    /// Every type the cache stores, for its format number.
    static let storedTypes: [any BinaryCodable.Type] = [
        FileFacts.self, TypeFact.self, TypeNameLists.self, EnumCaseFact.self, RequirementFact.self, PropertyRequirementFact.self,
        HeldViewModelFact.self, MemberTypeFact.self, ActionSendFact.self, SuppressionTable.Region.self, PendingDiagnostic.self,
        RoleCondition.self, Diagnostic.self, TextEdit.self,
    ]

    func write(to writer: inout BinaryWriter) {
        writer.string(path)
        writer.bool(isTestFile)
        writer.strings(imports)
        writer.values(types)
        writer.values(enumCases)
        writer.values(requirements)
        writer.values(propertyRequirements)
        writer.strings(boundMembers.sorted())
        writer.values(heldViewModels)
        writer.values(members)
        writer.values(actionSends)
        writer.strings(Array(testReferences))
        writer.values(suppressions.regions)
        writer.values(pending)
        writer.values(notices)
    }

    /// The path of the file whose facts `reader` is at, if it is a test file; `nil` for any other
    /// file. Reads a copy of the reader: the facts are still to be read in full.
    static func testFilePath(from reader: BinaryReader) throws(BinaryReader.Damaged) -> String? {
        // Most files are not tests: their path is passed over, not made into a string.
        var probe = reader
        try probe.skip(try probe.count())
        guard try probe.bool() else { return nil }
        var reader = reader
        return try reader.string()
    }

    init(from reader: inout BinaryReader) throws(BinaryReader.Damaged) {
        self.init(path: try reader.string(), isTestFile: try reader.bool())
        imports = try reader.strings()
        types = try reader.values()
        enumCases = try reader.values()
        requirements = try reader.values()
        propertyRequirements = try reader.values()
        boundMembers = Set(try reader.strings())
        heldViewModels = try reader.values()
        members = try reader.values()
        actionSends = try reader.values()
        testReferences = CodeWords(try reader.strings())
        suppressions.regions = try reader.values()
        pending = try reader.values()
        notices = try reader.values()
    }
}
