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
    }

    /// `facts` with each long name and each list of names replaced by the table's copy, and each
    /// list at its final size.
    func share(_ facts: FileFacts) -> FileFacts {
        var facts = facts
        facts.shareNames(name: shared, list: shared)
        return facts
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
}

extension FileFacts {
    /// Replaces every name with `name(_:)` and then every list of names with `list(_:)`,
    /// rebuilding each list at its final size: appended to while the file was read, the lists
    /// kept room to grow that they no longer need.
    mutating func shareNames(name shared: (String) -> String, list sharedList: ([String]) -> [String] = { $0 }) {
        func names(_ list: [String]) -> [String] { list.isEmpty ? list : sharedList(list.map(shared)) }
        func each<Fact>(_ list: [Fact], _ change: (inout Fact) -> Void) -> [Fact] {
            list.map { fact in
                var fact = fact
                change(&fact)
                return fact
            }
        }
        imports = names(imports)
        types = each(types) { type in
            type.name = shared(type.name)
            type.qualifiedName = shared(type.qualifiedName)
            type.inherited = names(type.inherited)
            type.attributes = names(type.attributes)
            type.cases = names(type.cases)
            type.storedTypes = names(type.storedTypes)
        }
        enumCases = each(enumCases) { fact in
            fact.ownerType = shared(fact.ownerType)
            fact.enumName = shared(fact.enumName)
            fact.caseName = shared(fact.caseName)
        }
        requirements = each(requirements) { fact in
            fact.protocolName = shared(fact.protocolName)
            fact.functionName = shared(fact.functionName)
        }
        propertyRequirements = each(propertyRequirements) { fact in
            fact.protocolName = shared(fact.protocolName)
            fact.propertyName = shared(fact.propertyName)
        }
        heldViewModels = each(heldViewModels) { fact in
            fact.ownerType = shared(fact.ownerType)
            fact.typeName = shared(fact.typeName)
        }
        members = each(members) { fact in
            fact.ownerType = shared(fact.ownerType)
            fact.name = shared(fact.name)
            fact.types = names(fact.types)
        }
    }
}
