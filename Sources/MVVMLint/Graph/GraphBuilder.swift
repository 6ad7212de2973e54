/// Builds a ``ViewModelGraph`` from the facts of a lint run.
struct GraphBuilder {
    private let index: ProjectIndex
    private let files: [FileFacts]
    private let members: [MemberTypeFact]
    private let viewModels: Set<String>
    // Protocols describe view models; they hold none.
    private let protocols: Set<String>
    // Constraint names of generic parameters and associated types, by owner and by name.
    private var genericConstraints: [String: [String: [String]]] = [:]
    private var associatedConstraints: [String: [String]] = [:]

    init(_ facts: [FileFacts]) {
        // Tests make view models and mocks of them; the app's structure is in its sources.
        files = facts.filter { !$0.isTestFile }
        index = ProjectIndex(files)
        members = files.flatMap(\.members)
        viewModels = index.viewModels.subtracting(index.baseClasses)
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
            let owner = outermost(member.ownerType)
            // A view model holding a provider declared outside it makes what the provider makes.
            if member.kind == .property, viewModels.contains(owner) {
                for name in member.types {
                    for (factory, child) in factories[String(name.split(separator: ".").last ?? "")] ?? [] where child != owner {
                        edges[Pair(owner, child), default: []].insert(factory)
                    }
                }
            }
            for name in member.types {
                let (children, isUnresolved) = resolve(name, in: member.ownerType)
                if isUnresolved {
                    unresolved.insert(.init(owner: owner, member: member.name, typeName: name))
                }
                for child in children where child != owner {
                    if viewModels.contains(owner) {
                        edges[Pair(owner, child), default: []].insert(member.name)
                    } else if index.views.contains(owner) {
                        if member.kind == .property {
                            rendered[child, default: []].insert(owner)
                        }
                    } else if !index.viewModels.contains(owner) && !protocols.contains(owner) && !isPreview(owner) {
                        hosted[owner, default: []].insert(child)
                    }
                }
            }
        }

        let nodes = declarations().map { name, place in
            ViewModelGraph.Node(name: name, path: place.path, line: place.line, views: (rendered[name] ?? []).sorted())
        }.sorted()
        let edgeList = edges.map { ViewModelGraph.Edge(parent: $0.key.from, child: $0.key.to, via: $0.value.sorted()) }.sorted()
        let responders = responderLinks()
        let created = Set(edgeList.map(\.child)).union(hosted.values.flatMap { $0 })
        let handled = Set(responders.map(\.child))
        let actionsSent = Set(files.flatMap(\.enumCases).filter { $0.enumName == "ResponderAction" }.map(\.ownerType))
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

    /// The `make...` functions of types declared outside any view model (a top-level
    /// `HomeDependencyProviding`), with the view models they return, by the type's name.
    private func providerFactories() -> [String: [(factory: String, child: String)]] {
        var factories: [String: [(factory: String, child: String)]] = [:]
        for member in members where member.kind == .function && member.name.hasPrefix("make") {
            let owner = outermost(member.ownerType)
            guard !viewModels.contains(owner), !index.views.contains(owner) else { continue }
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
        name.hasSuffix("Previews") || (index.conformances[name] ?? []).contains("PreviewProvider")
    }

    private struct Pair: Hashable {
        var from: String, to: String
        init(_ from: String, _ to: String) { self.from = from; self.to = to }
    }

    /// Where each view model class is declared.
    private func declarations() -> [String: (path: String, line: Int)] {
        var places: [String: (path: String, line: Int)] = [:]
        for file in files {
            for type in file.types where type.kind == .class && viewModels.contains(type.name) && places[type.name] == nil {
                places[type.name] = (file.path, type.line)
            }
        }
        return places
    }

    /// The outermost view model or view in a qualified name (`ReaderViewModel` for
    /// `ReaderViewModel.DependencyProvider`), else the name's first component.
    private func outermost(_ qualified: String) -> String {
        let components = qualified.split(separator: ".").map(String.init)
        return components.first { index.viewModels.contains($0) || index.views.contains($0) } ?? components.first ?? qualified
    }

    /// The view models a type name written in `owner` stands for, and whether it names a view
    /// model that cannot be found.
    private func resolve(_ name: String, in owner: String) -> (children: [String], isUnresolved: Bool) {
        let last = String(name.split(separator: ".").last ?? Substring(name))
        if name.hasSuffix("ResponderAction") || last == "Dependencies" {
            return ([], false)
        }
        if viewModels.contains(last) {
            return ([last], false)
        }
        var constraints: [String] = []
        if !name.contains("."), let generic = genericParameter(last, in: owner) {
            constraints = generic
        } else if let associated = associatedConstraints[last] {
            constraints = associated
        } else if index.viewModelingProtocols.contains(last) {
            constraints = [last]
        }
        if !constraints.isEmpty {
            let conforming = viewModels.filter { model in constraints.allSatisfy { (index.conformances[model] ?? []).contains($0) } }
            return (conforming.sorted(), conforming.isEmpty)
        }
        let namesViewModel = last.hasSuffix("ViewModel") && !index.declaredTypes.contains(last)
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

    /// Parents that take a child's `ResponderAction` as a handler's parameter or in an enum case.
    private func responderLinks() -> [ViewModelGraph.ResponderLink] {
        var actions: [String: [String]] = [:]
        for file in files {
            for fact in file.enumCases where fact.enumName == "ResponderAction" && viewModels.contains(fact.ownerType) {
                actions[fact.ownerType, default: []].append(fact.caseName)
            }
        }
        var links: [Pair: Set<String>] = [:]
        for member in members where member.kind == .parameter || member.kind == .enumCase {
            let parent = outermost(member.ownerType)
            guard viewModels.contains(parent) else { continue }
            for name in member.types where name.hasSuffix(".ResponderAction") {
                let components = name.split(separator: ".")
                let child = String(components[components.count - 2])
                guard child != parent, actions[child] != nil else { continue }
                links[Pair(child, parent), default: []].insert(member.name)
            }
        }
        return links.map { pair, via in
            ViewModelGraph.ResponderLink(child: pair.from, parent: pair.to, actions: actions[pair.from] ?? [], via: via.sorted())
        }.sorted()
    }

    /// Every elementary cycle found by a depth-first search, each rotated to start at its
    /// smallest name so the same cycle is listed once.
    static func cycles(in edges: [ViewModelGraph.Edge]) -> [[String]] {
        let children = Dictionary(grouping: edges, by: \.parent).mapValues { $0.map(\.child).sorted() }
        var found: Set<[String]> = []
        var path: [String] = []
        var onPath: Set<String> = []
        var done: Set<String> = []
        func visit(_ node: String) {
            path.append(node)
            onPath.insert(node)
            for child in children[node] ?? [] {
                if onPath.contains(child), let start = path.firstIndex(of: child) {
                    let cycle = Array(path[start...])
                    let smallest = cycle.indices.min { cycle[$0] < cycle[$1] } ?? 0
                    found.insert(Array(cycle[smallest...] + cycle[..<smallest]))
                } else if !done.contains(child) {
                    visit(child)
                }
            }
            onPath.remove(node)
            path.removeLast()
            done.insert(node)
        }
        for node in children.keys.sorted() where !done.contains(node) {
            visit(node)
        }
        return found.sorted { $0.lexicographicallyPrecedes($1) }
    }
}

extension ViewModelGraph {
    /// The graph of the project the facts describe.
    public init(facts: [FileFacts]) {
        self = GraphBuilder(facts).build()
    }

    /// The part of the graph reachable from `root` through parent-to-child links, or `nil` if
    /// `root` is not a view model of the graph.
    public func rooted(at root: String) -> ViewModelGraph? {
        guard nodes.contains(where: { $0.name == root }) else { return nil }
        var kept: Set<String> = [root]
        var queue = [root]
        while let next = queue.popLast() {
            for edge in edges where edge.parent == next && kept.insert(edge.child).inserted {
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
