import Foundation

/// How the index settles roles once every declaration is known: views, view models (by name,
/// by conformance, by a view's hold, by inheritance), base classes, and the values an upper
/// layer stores.
extension ProjectIndex {
    mutating func resolveRoles(_ files: [FileFacts], jobs: Int) {
        var classes: Set<TypeKey> = []
        var superclass: [TypeKey: TypeKey] = [:]
        var viewProtocols: Set<TypeKey> = []
        var refinements: [TypeKey: [TypeKey]] = [:]
        for (key, declared) in declarations {
            guard let kind = self.kind(of: key) else { continue }
            switch kind {
            case .class:
                classes.insert(key)
            case .protocol:
                if RoleVocabulary.isViewModelingName(key.name) { viewModelingKeys.insert(key) }
                for declaration in declared {
                    if declaration.fact.inherited.contains("View") { viewProtocols.insert(key) }
                    for name in declaration.fact.inherited {
                        if let refined = resolveType(name, in: declaration.path, scope: key.scope) {
                            refinements[refined, default: []].append(key)
                        }
                    }
                }
            default:
                break
            }
        }
        let classList = Array(classes), resolver = self, knownClasses = classes
        let bases = sharedMap(count: classList.count, jobs: jobs) { position -> TypeKey? in
            let key = classList[position]
            guard let declaration = resolver.declarations[key].first(where: { $0.fact.kind == .class }),
                  let first = declaration.fact.inherited.first,
                  let base = resolver.resolveType(first, in: declaration.path, scope: key.scope), knownClasses.contains(base), base != key
            else { return nil }
            return base
        }
        for (key, base) in zip(classList, bases) {
            guard let base else { continue }
            superclass[key] = base
            baseClassKeys.insert(base)
        }
        // A protocol that refines a view protocol makes views too (`protocol Screen: View`).
        viewProtocols = closure(of: viewProtocols) { refinements[$0] ?? [] }
        // Each type's conformances resolve on their own: shared out like the extensions above.
        // Taken a block of types at a time: a list of nearly every type's key at once was the
        // largest thing the index made while it was built.
        let index = self, refiningView = viewProtocols
        let nonProtocols = declarations.keys.lazy.filter { index.kind(of: $0) != .protocol }
        sharedMap(nonProtocols, jobs: jobs, { key in
            index.declarations[key].contains { declaration in
                declaration.fact.inherited.contains { name in
                    name == "View" || (!refiningView.isEmpty
                        && index.resolveType(name, in: declaration.path, scope: key.scope).map(refiningView.contains) == true)
                }
            }
        }) { types, isView in
            for (key, isView) in zip(types, isView) where isView {
                viewKeys.insert(key)
            }
        }
        // A view in a preview provider is preview code: what it holds becomes no view model.
        viewKeys = withoutPreviews(viewKeys)
        for key in classes {
            let inherited = declarations[key].flatMap(\.fact.inherited)
            // A base class named exactly `ViewModel` is one too, whatever derives from it.
            if RoleVocabulary.endsInViewModel(key.simpleName) {
                viewModelKeys.insert(key)
            } else if let protocolName = inherited.first(where: { RoleVocabulary.isViewModelingName($0) }) {
                viewModelKeys.insert(key)
                viewModelReasons[key] = "it conforms to '\(protocolName)'"
            }
        }
        promoteHeldObjects(files, classes: classes, superclass: superclass)
        // Real apps derive view models from a base class; a subclass of a view model is one too.
        // Down the inheritance tree with a work list: one step per class, however long the chain.
        var subclasses: [TypeKey: [TypeKey]] = [:]
        for (key, base) in superclass {
            subclasses[base, default: []].append(key)
        }
        viewModelKeys = closure(of: viewModelKeys) { base in
            let derived = subclasses[base] ?? []
            for key in derived where self.viewModelReasons[key] == nil && !self.viewModelKeys.contains(key) {
                self.viewModelReasons[key] = "it derives from '\(base.simpleName)'"
            }
            return derived
        }
        // Nor is a class declared in one a view model, whatever its name.
        viewModelKeys = withoutPreviews(viewModelKeys)
        findUpperLayerValues()
        findServiceProtocols()
    }

    /// The protocols types named as services conform to: what a view model's dependency of
    /// that protocol's type is, whatever the protocol's name.
    private mutating func findServiceProtocols() {
        for (key, declared) in declarations where key.simpleName.hasAnySuffix(RoleVocabulary.serviceSuffixes) {
            for declaration in declared where declaration.fact.kind != .protocol {
                for name in declaration.fact.inherited {
                    if let conformed = resolveType(name, in: declaration.path, scope: key.scope), kind(of: conformed) == .protocol {
                        serviceProtocolKeys.insert(conformed)
                    }
                }
            }
        }
    }

    /// The structs and enums view models and composition types store, and what those store in
    /// turn: values of the layer that holds them, not models. A class also holds its base class's
    /// generic arguments when the base is written through a type alias (`final class RoomViewModel:
    /// RoomViewModelType`, `typealias RoomViewModelType = StateStoreViewModel<RoomViewState,
    /// Never>`), as it does when they are written in its own clause.
    private mutating func findUpperLayerValues() {
        let holders = Set(declarations.keys.filter { key in
            viewModelKeys.contains(key) || (kind(of: key) != .protocol && key.simpleName.hasAnySuffix(RoleVocabulary.compositionSuffixes))
        })
        let stored: (TypeKey) -> [TypeKey] = { key in
            self.declarations[key].flatMap { declaration in
                let names = declaration.fact.kind == .class ? declaration.fact.storedTypes + declaration.fact.inherited : declaration.fact.storedTypes
                return self.valueTypes(names, in: declaration.path, scope: key.name)
            }
        }
        upperLayerValueKeys = closure(of: Set(holders.flatMap(stored)), stored)
    }

    /// The structs and enums `names`, written in the file at `path` inside `scope`, mean, and
    /// those the type aliases among them are made of (`typealias Rows = [RowState]`), through a
    /// bounded number of aliases, so a cycle of them ends.
    private func valueTypes(_ names: [String], in path: String, scope: String) -> [TypeKey] {
        var found: [TypeKey] = []
        var pending = names.map { (name: $0, path: path, scope: scope) }
        var aliases: Set<TypeKey> = []
        while let next = pending.popLast() {
            if let type = resolveType(next.name, in: next.path, scope: next.scope), [.struct, .enum].contains(kind(of: type)) {
                found.append(type)
            }
            // Most names are no alias: one look-up each.
            guard let key = resolve(next.name, in: next.path, scope: next.scope), kind(of: key) == .typealias,
                  aliases.count < 16, aliases.insert(key).inserted else { continue }
            for alias in declarations[key] where alias.fact.kind == .typealias {
                pending += alias.fact.storedTypes.map { (name: $0, path: alias.path, scope: key.scope) }
            }
        }
        return found
    }

    /// Makes view models of the types views hold as their view model: a property named like one
    /// (`viewModel`), whatever its type; or an observable object a view owns or observes,
    /// whatever its name, unless its shape says it is something else.
    private mutating func promoteHeldObjects(_ files: [FileFacts], classes: Set<TypeKey>, superclass: [TypeKey: TypeKey]) {
        var owned: [TypeKey: Set<TypeKey>] = [:]
        var shared: [TypeKey: Set<TypeKey>] = [:]
        var keepers: [TypeKey: Set<TypeKey>] = [:]
        var readFromEnvironment: Set<TypeKey> = []
        for file in files {
            for held in file.heldViewModels {
                guard let owner = resolve(held.ownerType, in: file.path),
                      let type = resolveType(held.typeName, in: file.path, scope: owner.name), classes.contains(type) else { continue }
                if held.isEnvironmentObject {
                    readFromEnvironment.insert(type)
                } else if !viewKeys.contains(owner) {
                    continue
                } else if held.isNamedViewModel {
                    viewModelKeys.insert(type)
                    viewModelOwnerKeys.insert(owner)
                    keepers[type, default: []].insert(owner)
                } else if held.isGiven {
                    // Handed to the view: it holds the object (several holders share it), but
                    // does not own it, so the object does not become a view model this way.
                    shared[type, default: []].insert(owner)
                } else if !held.isBesideViewModel {
                    // An object a view owns beside its `viewModel` is a helper (a focus
                    // coordinator): `view-single-view-model` reports it, but it is no view model.
                    owned[type, default: []].insert(owner)
                }
            }
        }
        for (type, owners) in owned {
            let holders = owners.union(shared[type] ?? [])
            // Not an observable client named as a service, nor a generic box (`PublishedBox<Value>`),
            // nor the coordinator of a UIKit bridge: infrastructure a view happens to keep. Nor an
            // object several views own and put in the environment (a router each tab makes for its
            // stack): shared state, where a view model belongs to one view.
            let isInfrastructure = type.simpleName.hasAnySuffix(RoleVocabulary.serviceSuffixes)
                || declarations[type].contains(where: \.fact.isGeneric)
                || isNestedInRepresentable(type)
                || (holders.count > 1 && readFromEnvironment.contains(type))
            if !isInfrastructure && isObservable(type, superclass: superclass) {
                viewModelKeys.insert(type)
                if let owner = owners.map(\.name).min(), keepers[type] == nil {
                    viewModelReasons[type] = "the view '\(owner)' owns or observes it"
                }
            }
        }
        for (type, owners) in keepers {
            if let owner = owners.map(\.name).min() {
                viewModelReasons[type] = "the view '\(owner)' keeps it as its view model"
            }
        }
    }

    /// Whether the type is declared inside a UIKit or AppKit bridge (`UIViewRepresentable`, or an
    /// app's own `PlatformViewControllerRepresentable`): the bridge's `Coordinator` is a delegate
    /// of the wrapped controller, not a view model, even when the view around it owns it.
    private func isNestedInRepresentable(_ type: TypeKey) -> Bool {
        let scope = type.scope
        guard !scope.isEmpty else { return false }
        let enclosing = TypeKey(module: type.module, name: scope)
        return declarations[enclosing].contains { declaration in
            declaration.fact.inherited.contains { $0.hasSuffix("Representable") }
        }
    }

    /// `start` and everything `next` reaches from it, found without recursion.
    private func closure(of start: Set<TypeKey>, _ next: (TypeKey) -> [TypeKey]) -> Set<TypeKey> {
        var found = start
        var queue = Array(start)
        while let key = queue.popLast() {
            for reached in next(key) where found.insert(reached).inserted {
                queue.append(reached)
            }
        }
        return found
    }

    /// Whether a class is observable: `@Observable`, or an `ObservableObject`, itself or through
    /// its base classes (a bounded walk, so a cycle of bases ends).
    private func isObservable(_ key: TypeKey, superclass: [TypeKey: TypeKey]) -> Bool {
        var current: TypeKey? = key
        for _ in 0..<64 {
            guard let type = current else { return false }
            let declared = declarations[type]
            if declared.contains(where: { $0.fact.attributes.contains("Observable") || $0.fact.inherited.contains("ObservableObject") }) {
                return true
            }
            current = superclass[type]
        }
        return false
    }
}
