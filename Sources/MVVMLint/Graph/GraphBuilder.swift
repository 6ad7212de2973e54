/// Builds a ``ViewModelGraph`` from the facts of a lint run.
///
/// View models are named by their qualified names, so the common `extension ProfileView {
/// final class ViewModel ... }` gives `ProfileView.ViewModel`, and a name written inside a type
/// is looked up in that type's scope first, as the compiler does.
struct GraphBuilder {
    private let index: ProjectIndex
    private let files: [FileFacts]
    private let members: [MemberTypeFact]
    // Qualified names of the view model classes (base classes left out), and where each is.
    private var places: [String: (path: String, line: Int)] = [:]
    private var bySimpleName: [String: [String]] = [:]
    // Protocols describe view models; they hold none.
    private let protocols: Set<String>
    // Constraint names of generic parameters and associated types, by owner and by name.
    private var genericConstraints: [String: [String: [String]]] = [:]
    private var associatedConstraints: [String: [String]] = [:]

    init(_ facts: [FileFacts], modules: ModuleMap) {
        // Tests make view models and mocks of them; the app's structure is in its sources.
        files = facts.filter { !$0.isTestFile }
        index = ProjectIndex(files, modules: modules)
        members = files.flatMap(\.members)
        let simpleNames = index.viewModels.subtracting(index.baseClasses)
        for file in files {
            for type in file.types where type.kind == .class && simpleNames.contains(type.name) && places[type.qualifiedName] == nil {
                places[type.qualifiedName] = (file.path, type.line)
                bySimpleName[type.name, default: []].append(type.qualifiedName)
            }
        }
        protocols = Set(files.flatMap(\.types).filter { $0.kind == .protocol }.map(\.name))
        for member in members {
            switch member.kind {
            case .genericParameter: genericConstraints[member.ownerType, default: [:]][member.name] = member.types
            case .associatedType: associatedConstraints[member.name, default: []] += member.types
            default: break
            }
        }
    }

    func build() -> ViewModelGraph {
        var edges: [Pair: Set<String>] = [:]
        var rendered: [String: Set<String>] = [:]
        var hosted: [String: Set<String>] = [:]
        var unresolved: Set<ViewModelGraph.Unresolved> = []
        let factories = providerFactories()
        for member in members where [.property, .function, .enumCase].contains(member.kind) {
            let owner = owner(of: member.ownerType)
            // A view model holding a provider declared outside it makes what the provider makes.
            if member.kind == .property, case .viewModel(let parent) = owner {
                for name in member.types {
                    for (factory, child) in factories[String(name.split(separator: ".").last ?? "")] ?? [] where child != parent {
                        edges[Pair(parent, child), default: []].insert(factory)
                    }
                }
            }
            for name in member.types {
                let (children, isUnresolved) = resolve(name, in: member.ownerType)
                if isUnresolved {
                    unresolved.insert(.init(owner: owner.name, member: member.name, typeName: name))
                }
                for child in children where child != owner.name {
                    switch owner {
                    case .viewModel(let parent):
                        edges[Pair(parent, child), default: []].insert(member.name)
                    case .view(let view):
                        if member.kind == .property {
                            rendered[child, default: []].insert(view)
                        }
                    case .other(let host):
                        if !protocols.contains(host) && !isPreview(host) && !index.viewModels.contains(host) {
                            hosted[host, default: []].insert(child)
                        }
                    }
                }
            }
        }

        let nodes = places.map { name, place in
            ViewModelGraph.Node(name: name, path: place.path, line: place.line, views: (rendered[name] ?? []).sorted())
        }.sorted()
        let edgeList = edges.map { ViewModelGraph.Edge(parent: $0.key.from, child: $0.key.to, via: $0.value.sorted()) }.sorted()
        let (responders, actionsSent) = responderLinks()
        let created = Set(edgeList.map(\.child)).union(hosted.values.flatMap { $0 })
        let handled = Set(responders.map(\.child))
        return ViewModelGraph(
            nodes: nodes,
            edges: edgeList,
            responders: responders,
            hosts: hosted.map { ViewModelGraph.Host(name: $0.key, viewModels: $0.value.sorted()) }.sorted(),
            cycles: Self.cycles(in: edgeList),
            unresolved: unresolved.sorted(),
            uncreated: nodes.map(\.name).filter { !created.contains($0) },
            unhandled: nodes.map(\.name).filter { name in actionsSent.contains(name) && !handled.contains(name) }
        )
    }

    private struct Pair: Hashable {
        var from: String, to: String
        init(_ from: String, _ to: String) { self.from = from; self.to = to }
    }

    /// Whose member a member of `qualified` is.
    private enum Owner {
        case viewModel(String), view(String), other(String)

        var name: String {
            switch self {
            case .viewModel(let name), .view(let name), .other(let name): name
            }
        }
    }

    /// The view model a declaration belongs to: the shortest prefix of its qualified name that
    /// is a view model (`ReaderViewModel` for `ReaderViewModel.DependencyProvider`,
    /// `ProfileView.ViewModel` for itself); else the view it sits in; else its outermost type.
    private func owner(of qualified: String) -> Owner {
        let components = qualified.split(separator: ".").map(String.init)
        for count in components.indices.map({ $0 + 1 }) {
            let prefix = components.prefix(count).joined(separator: ".")
            if places[prefix] != nil {
                return .viewModel(prefix)
            }
        }
        if let view = components.first(where: index.views.contains) {
            return .view(view)
        }
        return .other(components.first ?? qualified)
    }

    /// The view model class `written` names from inside `scope`: an exact qualified name, the
    /// only class with that simple name, or the one nested in `scope` or a type around it.
    private func viewModel(named written: String, from scope: String) -> String? {
        if places[written] != nil, written.contains(".") {
            return written
        }
        let simple = String(written.split(separator: ".").last ?? Substring(written))
        let candidates = bySimpleName[simple] ?? []
        if candidates.count == 1 {
            return candidates[0]
        }
        var enclosing = scope.split(separator: ".").map(String.init)
        while !enclosing.isEmpty {
            let nested = (enclosing + [written]).joined(separator: ".")
            if places[nested] != nil {
                return nested
            }
            enclosing.removeLast()
        }
        return places[written] != nil ? written : nil
    }

    /// The view models a type name written in `scope` stands for, and whether it names a view
    /// model that cannot be found.
    private func resolve(_ name: String, in scope: String) -> (children: [String], isUnresolved: Bool) {
        let last = String(name.split(separator: ".").last ?? Substring(name))
        if let model = viewModel(named: name, from: scope) {
            return ([model], false)
        }
        if bySimpleName[last] != nil {
            // Several classes share the name and the scope does not say which: no guess.
            return ([], false)
        }
        var constraints: [String] = []
        if !name.contains("."), let generic = genericParameter(last, in: scope) {
            constraints = generic
        } else if let associated = associatedConstraints[last] {
            constraints = associated
        } else if index.viewModelingProtocols.contains(last) {
            constraints = [last]
        }
        if !constraints.isEmpty {
            let conforming = places.keys.filter { model in
                let simple = String(model.split(separator: ".").last ?? "")
                return constraints.allSatisfy { (index.conformances[simple] ?? []).contains($0) }
            }
            return (conforming.sorted(), conforming.isEmpty)
        }
        let namesViewModel = RoleVocabulary.endsInViewModel(last) && !index.declaredTypes.contains(last)
        return ([], namesViewModel)
    }

    private func genericParameter(_ name: String, in owner: String) -> [String]? {
        // The parameter may belong to the member's type or to any type it is nested in.
        var components = owner.split(separator: ".").map(String.init)
        while !components.isEmpty {
            if let constraints = genericConstraints[components.joined(separator: ".")]?[name] {
                return constraints
            }
            components.removeLast()
        }
        return nil
    }

    /// The `make...` functions of types declared outside any view model (a top-level
    /// `HomeDependencyProviding`), with the view models they return, by the type's name.
    private func providerFactories() -> [String: [(factory: String, child: String)]] {
        var factories: [String: [(factory: String, child: String)]] = [:]
        for member in members where member.kind == .function && member.name.hasPrefix("make") {
            guard case .other = owner(of: member.ownerType) else { continue }
            let typeName = String(member.ownerType.split(separator: ".").last ?? "")
            for name in member.types {
                for child in resolve(name, in: member.ownerType).children {
                    factories[typeName, default: []].append((member.name, child))
                }
            }
        }
        return factories
    }

    /// Previews make view models to show them; they are not part of the app.
    private func isPreview(_ name: String) -> Bool {
        index.isPreview(named: name)
    }

    /// Parents that take a child's `ResponderAction` as a handler's parameter or in an enum
    /// case, and every view model that declares responder actions.
    private func responderLinks() -> (links: [ViewModelGraph.ResponderLink], senders: Set<String>) {
        var actions: [String: [String]] = [:]
        for file in files {
            for fact in file.enumCases where fact.enumName == "ResponderAction" {
                // Case facts name their view model by its simple name; a shared name is skipped.
                guard let model = bySimpleName[fact.ownerType], model.count == 1 else { continue }
                actions[model[0], default: []].append(fact.caseName)
            }
        }
        var links: [Pair: Set<String>] = [:]
        for member in members where member.kind == .parameter || member.kind == .enumCase {
            guard case .viewModel(let parent) = owner(of: member.ownerType) else { continue }
            for name in member.types where name.hasSuffix(".ResponderAction") {
                let written = String(name.dropLast(".ResponderAction".count))
                guard let child = viewModel(named: written, from: member.ownerType), child != parent, actions[child] != nil else { continue }
                links[Pair(child, parent), default: []].insert(member.name)
            }
        }
        let list = links.map { pair, via in
            ViewModelGraph.ResponderLink(child: pair.from, parent: pair.to, actions: actions[pair.from] ?? [], via: via.sorted())
        }.sorted()
        return (list, Set(actions.keys))
    }

    /// Every elementary cycle found by a depth-first search, each rotated to start at its
    /// smallest name so the same cycle is listed once. The search keeps its own stack (a chain
    /// of any length is one frame), and stops recording once the listed cycles hold
    /// ``maximumCycleNames`` names in all, so a hostile graph cannot fill memory with them.
    static func cycles(in edges: [ViewModelGraph.Edge]) -> [[String]] {
        let children = Dictionary(grouping: edges, by: \.parent).mapValues { $0.map(\.child).sorted() }
        var found: Set<[String]> = []
        var recordedNames = 0
        var path: [String] = []
        // Where each node on the path sits in it.
        var onPath: [String: Int] = [:]
        var done: Set<String> = []
        // The nodes being searched, each with the index of the next child to look at.
        var stack: [(node: String, next: Int)] = []
        for root in children.keys.sorted() where !done.contains(root) {
            stack.append((root, 0))
            onPath[root] = path.count
            path.append(root)
            while let top = stack.last {
                let siblings = children[top.node] ?? []
                guard top.next < siblings.count else {
                    stack.removeLast()
                    path.removeLast()
                    onPath[top.node] = nil
                    done.insert(top.node)
                    continue
                }
                stack[stack.count - 1].next += 1
                let child = siblings[top.next]
                if let start = onPath[child] {
                    guard recordedNames < maximumCycleNames else { continue }
                    let cycle = Array(path[start...])
                    let smallest = cycle.indices.min { cycle[$0] < cycle[$1] } ?? 0
                    if found.insert(Array(cycle[smallest...] + cycle[..<smallest])).inserted {
                        recordedNames += cycle.count
                    }
                } else if !done.contains(child) {
                    stack.append((child, 0))
                    onPath[child] = path.count
                    path.append(child)
                }
            }
        }
        return found.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// How many names the listed cycles may hold in all.
    static let maximumCycleNames = 1_000_000
}

extension ViewModelGraph {
    /// The graph of the project the facts describe, with type names resolved in `modules`.
    public init(facts: [FileFacts], modules: ModuleMap = .single) {
        self = GraphBuilder(facts, modules: modules).build()
    }

    /// The part of the graph reachable from `root` through parent-to-child links, or `nil` if
    /// `root` is not a view model of the graph.
    public func rooted(at root: String) -> ViewModelGraph? {
        guard nodes.contains(where: { $0.name == root }) else { return nil }
        let children = Dictionary(grouping: edges, by: \.parent)
        var kept: Set<String> = [root]
        var queue = [root]
        while let next = queue.popLast() {
            for edge in children[next] ?? [] where kept.insert(edge.child).inserted {
                queue.append(edge.child)
            }
        }
        return ViewModelGraph(
            nodes: nodes.filter { kept.contains($0.name) },
            edges: edges.filter { kept.contains($0.parent) && kept.contains($0.child) },
            responders: responders.filter { kept.contains($0.child) && kept.contains($0.parent) },
            hosts: [],
            cycles: cycles.filter { $0.allSatisfy(kept.contains) },
            unresolved: unresolved.filter { kept.contains($0.owner) },
            uncreated: [],
            unhandled: unhandled.filter { kept.contains($0) && $0 != root }
        )
    }
}
