extension EveryActionTestedRule {
    /// The paths by which a test drives an action without naming it: a member whose code sends
    /// it (a route's `didSet`, an initialiser), an action whose handling sends it (a child's
    /// `.save` that sends the responder action `.closeEditor`), and a parent's test that drives
    /// a child it holds or makes.
    struct ActionPaths {
        /// By sending type and by case sent: what sends it.
        private var senders: [String: [String: [ActionSendFact]]] = [:]
        /// The action cases of each type.
        private var cases: [String: Set<String>] = [:]
        /// By view model: the view models that hold or make it.
        private var parents: [String: Set<String>] = [:]

        /// How many levels of parents name a child for a test.
        private static let parentLevels = 4
        /// How many owners and sent cases one question looks at, however the code is shaped.
        private static let mostNames = 64

        init(_ project: ProjectContext) {
            for file in project.files where !file.isTestFile {
                for send in file.actionSends {
                    senders[send.ownerType, default: [:]][send.caseName, default: []].append(send)
                }
                for enumCase in file.enumCases where RoleVocabulary.actionEnumNames.contains(enumCase.enumName) {
                    cases[enumCase.ownerType, default: []].insert(enumCase.caseName)
                }
                for member in file.members where [.property, .function, .enumCase].contains(member.kind) {
                    let parent = Self.simpleName(member.ownerType)
                    guard project.index.has(.viewModel, parent, in: file.path) else { continue }
                    for type in member.types where Self.simpleName(type) != parent {
                        parents[Self.simpleName(type), default: []].insert(parent)
                    }
                }
            }
        }

        /// Whether a test drives `caseName` of `owner`'s actions: one that names it, or that
        /// drives what sends it, beside `owner`'s name or a parent's. `isTested` says whether a
        /// test names a word beside one of some owners.
        func isDriven(_ caseName: String, of owner: String, isTested: (String, [String]) -> Bool) -> Bool {
            let owners = owners(of: owner)
            var visited: Set<String> = []
            var pending = [caseName]
            while let name = pending.popLast(), visited.count < Self.mostNames {
                guard visited.insert(name).inserted else { continue }
                if isTested(name, owners) {
                    return true
                }
                for send in senders[owner]?[name] ?? [] {
                    if send.senderIsCase {
                        if cases[owner]?.contains(send.sender) == true { pending.append(send.sender) }
                    } else if send.sender == "init" ? owners.contains(where: { isTested($0, owners) }) : isTested(send.sender, owners) {
                        // A test that makes the view model runs what its initialiser sends.
                        return true
                    }
                }
            }
            return false
        }

        /// `owner` and the view models above it: a flow test drives a child through its parent.
        private func owners(of owner: String) -> [String] {
            var found = [owner]
            var seen: Set<String> = [owner]
            var level = [owner]
            for _ in 0..<Self.parentLevels where !level.isEmpty && found.count < Self.mostNames {
                level = level.flatMap { (parents[$0] ?? []).sorted() }.filter { seen.insert($0).inserted }
                found += level.prefix(Self.mostNames - found.count)
            }
            return found
        }

        private static func simpleName(_ name: String) -> String {
            name.split(separator: ".").last.map(String.init) ?? name
        }
    }
}
