import Testing
@testable import MVVMLint

@Suite struct NameTableTests {
    /// Where a string's bytes are, to tell a shared copy from an equal one.
    private func storage(_ string: String) -> UnsafeRawPointer? {
        string.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    /// `facts` as the table leaves them.
    private func shared(_ facts: FileFacts, by table: NameTable) -> FileFacts {
        var facts = facts
        table.share(&facts)
        return facts
    }

    private func facts(_ path: String) -> FileFacts {
        var facts = FileFacts(path: path, isTestFile: false)
        // Built from parts, so each file's long names are separate copies.
        let suffix = "ViewModel"
        facts.imports = ["Foundation" + "Networking"]
        facts.types = [TypeFact(
            name: "Settings" + suffix, qualifiedName: "Settings" + suffix, kind: .class,
            inherited: ["Observable" + "Object", "Custom" + "StringConvertible"], line: 1, column: 7,
            attributes: ["MainActor"], cases: [], storedTypes: ["Preferences" + "Repository"]
        )]
        facts.enumCases = [EnumCaseFact(ownerType: "Settings" + suffix, enumName: "Action", caseName: "toggleNotifications" + "Now", line: 2, column: 5)]
        facts.heldViewModels = [HeldViewModelFact(ownerType: "Settings" + "View", typeName: "Settings" + suffix)]
        facts.members = [MemberTypeFact(ownerType: "Settings" + "View", name: "viewModel", kind: .property, types: ["Settings" + suffix], line: 3)]
        facts.requirements = [RequirementFact(protocolName: "Settings" + "ViewModeling", functionName: "toggle", line: 4, column: 1)]
        facts.propertyRequirements = [PropertyRequirementFact(protocolName: "Settings" + "ViewModeling", propertyName: "isOn", isSettable: false, line: 5, column: 1)]
        return facts
    }

    /// Facts read back are at their size: sharing changes their lists where they are.
    @Test func theFirstFilesListsAreSharedWhereTheyAre() {
        func address<Element>(_ list: [Element]) -> UnsafeRawPointer? {
            list.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
        }
        var first = facts("A.swift")
        let types = address(first.types), inherited = address(first.types[0].inherited), imports = address(first.imports)
        NameTable().share(&first)
        #expect(address(first.types) == types && address(first.types[0].inherited) == inherited && address(first.imports) == imports)
    }

    @Test func sharingChangesNoFact() {
        let table = NameTable()
        let original = facts("A.swift")
        #expect(shared(original, by: table) == original)
        #expect(shared(facts("B.swift"), by: table) == facts("B.swift"))
    }

    @Test func filesShareOneCopyOfEachLongName() {
        // Unshared, the two files hold separate copies (both alive, so no address is reused).
        let unsharedA = facts("A.swift"), unsharedB = facts("B.swift")
        #expect(storage(unsharedA.types[0].name) != storage(unsharedB.types[0].name))
        let table = NameTable()
        let first = shared(facts("A.swift"), by: table), second = shared(facts("B.swift"), by: table)
        #expect(storage(first.types[0].name) == storage(second.types[0].name))
        #expect(storage(first.types[0].qualifiedName) == storage(second.heldViewModels[0].typeName))
        #expect(storage(first.types[0].inherited[1]) == storage(second.types[0].inherited[1]))
        #expect(storage(first.enumCases[0].caseName) == storage(second.enumCases[0].caseName))
        #expect(storage(first.imports[0]) == storage(second.imports[0]))
        #expect(storage(first.members[0].types[0]) == storage(second.types[0].name))
        #expect(storage(first.types[0].storedTypes[0]) == storage(second.types[0].storedTypes[0]))
        #expect(storage(first.requirements[0].protocolName) == storage(second.propertyRequirements[0].protocolName))
        #expect(storage(first.heldViewModels[0].typeName) == storage(second.members[0].types[0]))
    }

    /// Where an array's elements are, to tell a shared list from an equal one.
    private func storage(_ list: [String]) -> UnsafeRawPointer? {
        list.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    @Test func filesShareOneCopyOfEachListOfNames() {
        let table = NameTable()
        let first = shared(facts("A.swift"), by: table), second = shared(facts("B.swift"), by: table)
        #expect(storage(first.types[0].inherited) == storage(second.types[0].inherited))
        #expect(storage(first.types[0].attributes) == storage(second.types[0].attributes))
        #expect(storage(first.imports) == storage(second.imports))
        #expect(storage(first.members[0].types) == storage(second.members[0].types))
        // Lists are shared whole: one that differs in a name keeps its own.
        var other = facts("C.swift")
        other.types[0].inherited.append("Sendable")
        #expect(storage(shared(other, by: table).types[0].inherited) != storage(first.types[0].inherited))
    }

    @Test func nonASCIINamesStayAsWritten() {
        let table = NameTable()
        // The same name, composed and decomposed: equal as strings, different as bytes.
        var composed = FileFacts(path: "A.swift", isTestFile: false)
        composed.imports = ["Caf\u{E9}ModelsAndServices"]
        var decomposed = FileFacts(path: "B.swift", isTestFile: false)
        decomposed.imports = ["Cafe\u{301}ModelsAndServices"]
        _ = shared(composed, by: table)
        #expect(Array(shared(decomposed, by: table).imports[0].utf8) == Array("Cafe\u{301}ModelsAndServices".utf8))
        // Nor does a list of such names become the other spelling's list.
        composed.imports = ["Caf\u{E9}"]
        decomposed.imports = ["Cafe\u{301}"]
        _ = shared(composed, by: table)
        #expect(Array(shared(decomposed, by: table).imports[0].utf8) == Array("Cafe\u{301}".utf8))
    }

    @Test func everyNameOfTheFactsIsOffered() {
        // The fields that are no names to share: unique to the file, or kept in a form of their own.
        let kept: Set<String> = ["path", "isTestFile", "boundMembers", "testReferences", "suppressions", "pending", "notices"]
        func names(_ facts: FileFacts) -> [String] {
            var names: [String] = []
            func collect(_ value: Any) {
                if let name = value as? String {
                    names.append(name)
                } else {
                    Mirror(reflecting: value).children.forEach { collect($0.value) }
                }
            }
            for field in Mirror(reflecting: facts).children where !kept.contains(field.label ?? "") {
                collect(field.value)
            }
            return names.sorted()
        }
        var facts = FactsRoundTripTests.sample
        var offered: [String] = []
        facts.shareNames(name: { name in
            offered.append(name)
            return name + "!"
        })
        // A new field of names that `shareNames` leaves out, or does not store back, fails here.
        #expect(offered.sorted() == names(FactsRoundTripTests.sample))
        #expect(names(facts) == offered.map { $0 + "!" }.sorted())
    }

    /// A type fact's four lists are one object, shared by the facts that have the same lists.
    @Test func factsWithTheSameListsShareOneObject() {
        let table = NameTable()
        let first = shared(facts("A.swift"), by: table), second = shared(facts("B.swift"), by: table)
        #expect(first.types[0].lists === second.types[0].lists)
        // One name different: lists of their own.
        var other = facts("C.swift")
        other.types[0].storedTypes = ["Preferences" + "Store"]
        #expect(shared(other, by: table).types[0].lists !== first.types[0].lists)
    }

    @Test func changingASharedFactsListsLeavesTheOtherFactAsItWas() {
        let table = NameTable()
        var first = shared(facts("A.swift"), by: table)
        let second = shared(facts("B.swift"), by: table)
        first.types[0].inherited.append("Sendable")
        first.types[0].cases = ["idle"]
        #expect(first.types[0].inherited == ["ObservableObject", "CustomStringConvertible", "Sendable"])
        #expect(first.types[0].cases == ["idle"])
        #expect(second.types[0].inherited == ["ObservableObject", "CustomStringConvertible"])
        #expect(second.types[0].cases.isEmpty)
        #expect(second == facts("B.swift"))
    }

    @Test func factsWithNoListsShareOneObjectWithoutATable() {
        let extensionFact = TypeFact(name: "Feed", qualifiedName: "Feed", kind: .extension, inherited: [], line: 1, column: 1)
        let plain = TypeFact(name: "Row", qualifiedName: "Feed.Row", kind: .struct, inherited: [], line: 2, column: 5)
        #expect(extensionFact.lists === plain.lists)
        var changed = plain
        changed.attributes = ["MainActor"]
        #expect(changed.lists !== plain.lists && plain.attributes.isEmpty && changed.attributes == ["MainActor"])
    }

    @Test func listsWithANonASCIINameAreNotShared() {
        let table = NameTable()
        func fact(_ attribute: String) -> FileFacts {
            var facts = FileFacts(path: "A.swift", isTestFile: false)
            facts.types = [TypeFact(name: "T", qualifiedName: "T", kind: .struct, inherited: [], line: 1, column: 1, attributes: [attribute])]
            return facts
        }
        let composed = shared(fact("Caf\u{E9}"), by: table), decomposed = shared(fact("Cafe\u{301}"), by: table)
        #expect(composed.types[0].lists !== decomposed.types[0].lists)
        #expect(Array(decomposed.types[0].attributes[0].utf8) == Array("Cafe\u{301}".utf8))
    }

    @Test func aFactsOwnListGrowsWhereItIs() {
        var fact = TypeFact(name: "Feed", qualifiedName: "Feed", kind: .struct, inherited: [], line: 1, column: 1, storedTypes: ["Item"])
        fact.storedTypes.reserveCapacity(8)
        let before = storage(fact.storedTypes)
        fact.storedTypes.append("Page")
        #expect(storage(fact.storedTypes) == before && fact.storedTypes == ["Item", "Page"])
    }

    /// Every file's type facts are held through the project phase: the lists' one reference
    /// keeps a fact at 48 bytes.
    @Test func aTypeFactTakesFortyEightBytes() {
        #expect(MemoryLayout<TypeFact>.size == 48)
    }
}
