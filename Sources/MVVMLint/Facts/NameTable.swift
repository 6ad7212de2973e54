import Foundation

/// One shared copy of each long name that files' facts repeat (`ObservableObject`,
/// `CustomStringConvertible`, `SettingsViewModel.Action`), and of each list of names
/// (`["View"]`, `["MainActor"]`, `["Foundation", "SwiftUI"]`).
///
/// The facts of every file live through the project phase, and a name of more than 15 bytes is a
/// heap allocation of its own in each of them, as is every list that is not empty: across a large
/// project most are the same few thousand names and lists. Shorter names are stored inside the
/// string and cost nothing to repeat.
///
/// Files are shared on many workers at once, so the table is split into parts, each with its own
/// lock, by a cheap function of the name or list.
final class NameTable: Sendable {
    private let parts = (0..<16).map { _ in Part() }

    /// One part of the table; its sets are only touched while holding its lock.
    private final class Part: @unchecked Sendable {
        let lock = NSLock()
        var names: Set<String> = []
        var lists: Set<[String]> = []
        var typeLists: Set<TypeNameLists> = []
    }

    /// Replaces each long name and each list of names of `facts` by the table's copy, in place:
    /// copied facts would copy every list they change.
    func share(_ facts: inout FileFacts) {
        facts.shareNames(name: shared, list: shared, typeLists: shared)
    }

    private func shared(_ name: String) -> String {
        // Only ASCII: two spellings of a name that Unicode calls equal stay as written.
        guard name.utf8.count > 15, name.isASCII else { return name }
        let part = parts[name.part(of: parts.count)]
        return part.lock.withLock { part.names.insert(name).memberAfterInsert }
    }

    private func shared(_ list: [String]) -> [String] {
        guard let first = list.first, list.allSatisfy(\.isASCII) else { return list }
        let part = parts[(first.part(of: parts.count) &+ list.count) % parts.count]
        return part.lock.withLock { part.lists.insert(list).memberAfterInsert }
    }

    // Called with lists already shared, so equal lists compare by their storage.
    private func shared(_ lists: TypeNameLists) -> TypeNameLists {
        guard lists.isASCII else { return lists }
        let part = parts[(lists.inherited.count &+ lists.attributes.count &* 3 &+ lists.storedTypes.count &* 7
            &+ (lists.inherited.first ?? lists.storedTypes.first ?? lists.cases.first ?? "").part(of: parts.count)) % parts.count]
        return part.lock.withLock { part.typeLists.insert(lists).memberAfterInsert }
    }
}

extension FileFacts {
    /// Replaces every name with `name(_:)` and then every list of names with `list(_:)`, in
    /// place: the facts are read back with each list at its size, and a new array for each list
    /// of every file was an allocation and a copy that kept nothing smaller.
    mutating func shareNames(
        name shared: (String) -> String, list sharedList: ([String]) -> [String] = { $0 },
        typeLists sharedTypeLists: (TypeNameLists) -> TypeNameLists = { $0 }
    ) {
        func names(_ list: inout [String]) {
            guard !list.isEmpty else { return }
            // Taken out of its owner first, so the array is changed in place, not copied.
            var names = list
            list = []
            for position in names.indices {
                names[position] = shared(names[position])
            }
            list = sharedList(names)
        }
        func each<Fact>(_ list: inout [Fact], _ change: (inout Fact) -> Void) {
            for position in list.indices {
                change(&list[position])
            }
        }
        names(&imports)
        each(&types) { type in
            type.name = shared(type.name)
            type.qualifiedName = shared(type.qualifiedName)
            type.shareLists(names, whole: sharedTypeLists)
        }
        each(&enumCases) { fact in
            fact.ownerType = shared(fact.ownerType)
            fact.enumName = shared(fact.enumName)
            fact.caseName = shared(fact.caseName)
        }
        each(&requirements) { fact in
            fact.protocolName = shared(fact.protocolName)
            fact.functionName = shared(fact.functionName)
        }
        each(&propertyRequirements) { fact in
            fact.protocolName = shared(fact.protocolName)
            fact.propertyName = shared(fact.propertyName)
        }
        each(&actionSends) { fact in
            fact.ownerType = shared(fact.ownerType)
            fact.caseName = shared(fact.caseName)
            fact.sender = shared(fact.sender)
        }
        each(&heldViewModels) { fact in
            fact.ownerType = shared(fact.ownerType)
            fact.typeName = shared(fact.typeName)
        }
        each(&members) { fact in
            fact.ownerType = shared(fact.ownerType)
            fact.name = shared(fact.name)
            names(&fact.types)
        }
    }
}
