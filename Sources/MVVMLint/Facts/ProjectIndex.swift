import Foundation

/// The roles of every type in the project, resolved from all files' facts together.
///
/// A type is known by its module and its qualified name (`PhotoView.Coordinator`). A name written
/// in a file means the type of that name declared in the file's own module (nested in the scope it
/// is written in first), else in the first module the file imports that declares it; modules of
/// other projects are never visible. So two apps linted in one run, or two modules that reuse a
/// name (`ViewModel`, `Content`, `Coordinator`), never change each other's findings.
public struct ProjectIndex: Sendable {
    /// A type: the module it is declared in and its qualified name.
    struct TypeKey: Hashable, Sendable {
        var module: Int
        var name: String

        // Asked of every declared type while roles resolve: one search for the last dot, no split.
        var simpleName: String {
            guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return name }
            return String(name[name.utf8.index(after: dot)...])
        }
        /// The qualified name of the type it is nested in (empty at the top level).
        var scope: String {
            guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return "" }
            return String(name[..<dot])
        }
    }

    /// One declaration or extension of a type and the file it is written in, whose imports
    /// settle the names it mentions.
    struct Declaration: Sendable {
        var fact: TypeFact
        var path: String
    }

    let modules: ModuleMap
    /// Qualified names declared (not only extended) in each module, by simple name.
    private(set) var declaredNames: [Int: [String: [String]]] = [:]
    /// The modules each file sees, its own first, then those it imports, in order.
    private(set) var visibleModules: [String: [Int]] = [:]
    private(set) var declarations: [TypeKey: [Declaration]] = [:]
    /// What each type is declared as (its first declaration that is not an extension): asked
    /// for every type, and a look-up here copies no declaration.
    private var kinds: [TypeKey: TypeFact.Kind] = [:]
    private var viewKeys: Set<TypeKey> = []
    private var viewModelKeys: Set<TypeKey> = []
    private var viewModelingKeys: Set<TypeKey> = []
    private var baseClassKeys: Set<TypeKey> = []
    private var viewModelOwnerKeys: Set<TypeKey> = []
    private var upperLayerValueKeys: Set<TypeKey> = []
    /// Why a view model whose name does not say so is one, for its findings' messages.
    private var viewModelReasons: [TypeKey: String] = [:]
    private let answers = RoleAnswers()

    /// Resolves roles from the facts of every linted file, all in one module.
    public init(_ files: [FileFacts]) {
        self.init(files, modules: .single)
    }

    /// Resolves roles from the facts of every linted file, each in its module of `modules`.
    public init(_ files: [FileFacts], modules: ModuleMap) {
        self.init(files, modules: modules, jobs: 1)
    }

    /// Like ``init(_:modules:)``, resolving each file's names on up to `jobs` threads: the index
    /// is built after the files are linted, and on many cores a serial build would be what the
    /// run waits for.
    init(_ files: [FileFacts], modules: ModuleMap, jobs: Int) {
        self.modules = modules
        // Files of one module import the same few modules: look each pair up once.
        var importable: [String: [Int]] = [:]
        for file in files {
            let own = modules.moduleIndex(of: file.path)
            var visible = [own]
            for name in file.imports {
                let pair = "\(own) \(name)"
                let found = importable[pair] ?? modules.importable(name, from: own)
                importable[pair] = found
                for module in found where !visible.contains(module) {
                    visible.append(module)
                }
            }
            visibleModules[file.path] = visible
            for type in file.types where type.kind != .extension {
                declaredNames[own, default: [:]][type.name, default: []].append(type.qualifiedName)
            }
        }
        // Extensions resolve against every module's names, each file on its own; then the
        // declarations are gathered in file order.
        let names = self
        let keys = sharedMap(count: files.count, jobs: jobs) { index -> [TypeKey?] in
            let file = files[index]
            return file.types.map { type in
                type.kind == .extension
                    ? names.resolve(type.qualifiedName, in: file.path)
                    : TypeKey(module: modules.moduleIndex(of: file.path), name: type.qualifiedName)
            }
        }
        for (file, fileKeys) in zip(files, keys) {
            for (type, key) in zip(file.types, fileKeys) {
                guard let key else { continue }
                if type.kind != .extension && kinds[key] == nil {
                    kinds[key] = type.kind
                }
                declarations[key, default: []].append(Declaration(fact: type, path: file.path))
            }
        }
        resolveRoles(files, jobs: jobs)
    }


    private mutating func resolveRoles(_ files: [FileFacts], jobs: Int) {
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
            guard let declaration = resolver.declarations[key]?.first(where: { $0.fact.kind == .class }),
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
        let types = declarations.keys.filter { kind(of: $0) != .protocol }
        let index = self, refiningView = viewProtocols
        let isView = sharedMap(count: types.count, jobs: jobs) { position in
            let key = types[position]
            return (index.declarations[key] ?? []).contains { declaration in
                declaration.fact.inherited.contains { name in
                    name == "View" || (!refiningView.isEmpty
                        && index.resolveType(name, in: declaration.path, scope: key.scope).map(refiningView.contains) == true)
                }
            }
        }
        for (key, isView) in zip(types, isView) where isView {
            viewKeys.insert(key)
        }
        for key in classes {
            let inherited = declarations[key]?.flatMap(\.fact.inherited) ?? []
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
        findUpperLayerValues()
    }

    /// The structs and enums view models and composition types store, and what those store in
    /// turn: values of the layer that holds them, not models.
    private mutating func findUpperLayerValues() {
        let holders = Set(declarations.keys.filter { key in
            viewModelKeys.contains(key) || (kind(of: key) != .protocol && key.simpleName.hasAnySuffix(RoleVocabulary.compositionSuffixes))
        })
        let stored: (TypeKey) -> [TypeKey] = { key in
            (self.declarations[key] ?? []).flatMap { declaration in
                declaration.fact.storedTypes.compactMap { name -> TypeKey? in
                    guard let type = self.resolveType(name, in: declaration.path, scope: key.name),
                          [.struct, .enum].contains(self.kind(of: type)) else { return nil }
                    return type
                }
            }
        }
        upperLayerValueKeys = closure(of: Set(holders.flatMap(stored)), stored)
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
                || declarations[type]?.contains(where: \.fact.isGeneric) == true
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
        return declarations[enclosing]?.contains { declaration in
            declaration.fact.inherited.contains { $0.hasSuffix("Representable") }
        } ?? false
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
            let declared = declarations[type] ?? []
            if declared.contains(where: { $0.fact.attributes.contains("Observable") || $0.fact.inherited.contains("ObservableObject") }) {
                return true
            }
            current = superclass[type]
        }
        return false
    }

    /// Whether `typeName`, as written in the file at `path`, has `role`.
    public func has(_ role: Role, _ typeName: String, in path: String) -> Bool {
        has(role, typeName, visible: visible(from: path))
    }

    private func has(_ role: Role, _ typeName: String, visible: [Int]) -> Bool {
        func resolveType(_ name: String) -> TypeKey? { self.resolveType(name, visible: visible) }
        func candidates(_ name: String) -> [TypeKey] { self.candidates(name, visible: visible) }
        switch role {
        case .view:
            return resolveType(typeName).map(viewKeys.contains) ?? false
        case .viewModel:
            let found = candidates(typeName)
            guard !found.isEmpty else {
                // A `*ViewModel` from a module that is not linted is taken at its name.
                let simple = typeName.split(separator: ".").last.map(String.init) ?? typeName
                return RoleVocabulary.isViewModelName(simple)
            }
            // An ambiguous nested name is no view model: a finding needs a settled role.
            return resolveType(typeName).map(viewModelKeys.contains) ?? false
        case .viewModelingProtocol:
            return resolveType(typeName).map(viewModelingKeys.contains) ?? false
        case .baseClass:
            return resolveType(typeName).map(baseClassKeys.contains) ?? false
        case .enumeration:
            return resolveType(typeName).map { kind(of: $0) == .enum } ?? false
        case .enumCase:
            // `Visibility.shared`: the enum `Visibility` declares a case `shared`.
            guard let dot = typeName.lastIndex(of: "."),
                  let key = resolveType(String(typeName[..<dot])), kind(of: key) == .enum else { return false }
            let caseName = String(typeName[typeName.index(after: dot)...])
            return declarations[key]?.contains { $0.fact.cases.contains(caseName) } ?? false
        case .referenceType:
            return resolveType(typeName).map { [.class, .actor].contains(kind(of: $0)) } ?? false
        case .declared:
            return !candidates(typeName).isEmpty
        case .upperLayerValue:
            return resolveType(typeName).map(upperLayerValueKeys.contains) ?? false
        case .valueType:
            return resolveType(typeName).map { [.struct, .enum].contains(kind(of: $0)) } ?? false
        case .viewModelOwner:
            return resolveType(typeName).map(viewModelOwnerKeys.contains) ?? false
        }
    }

    /// Why `typeName`, as written in the file at `path`, is a view model when its name does not
    /// say so ("the view 'PersonView' owns or observes it"); `nil` when it is named like one or
    /// is none.
    public func viewModelReason(_ typeName: String, in path: String) -> String? {
        // A name that says it needs no reason.
        resolveType(typeName, in: path).flatMap { key in
            viewModelKeys.contains(key) && !RoleVocabulary.endsInViewModel(key.simpleName) ? viewModelReasons[key] : nil
        }
    }

    /// Whether every condition holds for a finding in the file at `path`.
    public func satisfies(_ conditions: [RoleCondition], in path: String) -> Bool {
        guard !conditions.isEmpty else { return true }
        let visible = visible(from: path)
        return conditions.allSatisfy { condition in
            // Files of one module ask the same questions about the same names many times.
            let question = RoleQuestion(role: condition.role, typeName: condition.typeName, visible: visible)
            let answer = answers.answer(question) { has(condition.role, condition.typeName, visible: visible) }
            return answer == condition.holds
        }
    }

    /// Every inherited name of the type `typeName` means in the file at `path`, across its
    /// declaration and extensions.
    public func conformances(of typeName: String, in path: String) -> Set<String> {
        guard let key = resolveType(typeName, in: path) else { return [] }
        return Set(declarations[key]?.flatMap(\.fact.inherited) ?? [])
    }

    /// The project the file at `path` belongs to: findings never depend on files of another.
    public func project(of path: String) -> String {
        modules.module(of: path).project
    }

    private func kind(of key: TypeKey) -> TypeFact.Kind? {
        kinds[key]
    }

    // MARK: - Names, for the graph

    /// Simple names of types that conform to `View`.
    public var views: Set<String> { Set(viewKeys.map(\.simpleName)) }
    /// Simple names of types recognised as view models.
    public var viewModels: Set<String> { Set(viewModelKeys.map(\.simpleName)) }
    /// Simple names of protocols named `*ViewModeling`.
    public var viewModelingProtocols: Set<String> { Set(viewModelingKeys.map(\.simpleName)) }
    /// Simple names of classes some other class inherits from.
    public var baseClasses: Set<String> { Set(baseClassKeys.map(\.simpleName)) }
    /// Simple names of every type declared in the linted files.
    public var declaredTypes: Set<String> { declaredNames.values.reduce(into: []) { $0.formUnion($1.keys) } }
    /// Every inherited name of each simple type name, across its declarations and extensions.
    public var conformances: [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for (key, declared) in declarations {
            result[key.simpleName, default: []].formUnion(declared.flatMap(\.fact.inherited))
        }
        return result
    }
}
