import Foundation

/// One shared copy of each long name that files' facts repeat (`ObservableObject`,
/// `CustomStringConvertible`, `SettingsViewModel.Action`).
///
/// The facts of every file live until the project phase, and a name of more than 15 bytes is a
/// heap allocation of its own in each of them: across a large project most are the same few
/// thousand names. Shorter names are stored inside the string and cost nothing to repeat.
final class NameTable: @unchecked Sendable {
    // `names` is only touched while holding `lock`.
    private let lock = NSLock()
    private var names: Set<String> = []

    /// `facts` with each long name replaced by the table's copy and each list at its final size.
    func share(_ facts: FileFacts) -> FileFacts {
        var facts = facts
        facts.shareNames { name in
            // Only ASCII: two spellings of a name that Unicode calls equal stay as written.
            guard name.utf8.count > 15, name.isASCII else { return name }
            // Held per name, not per file: the lists are rebuilt outside it.
            return lock.withLock { names.insert(name).memberAfterInsert }
        }
        return facts
    }
}

extension FileFacts {
    /// Replaces every name with `shared(name)`, rebuilding each list at its final size: appended
    /// to while the file was read, the lists kept room to grow that they no longer need.
    mutating func shareNames(_ shared: (String) -> String) {
        func names(_ list: [String]) -> [String] { list.isEmpty ? list : list.map(shared) }
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
