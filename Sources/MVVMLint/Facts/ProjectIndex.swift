import Foundation

/// The roles of every type in the project, resolved from all files' facts together.
///
/// A type is known by its module and its qualified name (`PhotoView.Coordinator`). A name written
/// in a file means the type of that name declared in the file's own module (nested in the scope it
/// is written in first), else in the first module the file imports that declares it; modules of
/// other projects are never visible. So two apps linted in one run, or two modules that reuse a
/// name (`ViewModel`, `Content`, `Coordinator`), never change each other's findings.
///
/// The index keeps the facts it is built from and reads declarations from them when asked.
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
    /// The modules each file sees, its own first, then those it imports, in order.
    private(set) var visibleModules: [String: [Int]] = [:]
    /// For each module, the list of it alone: what a file the index was not built from sees.
    /// Made once, so role questions from such files share the list as linted files do theirs.
    private(set) var ownModuleOnly: [[Int]] = []
    private(set) var declarations = DeclarationTable()
    // The role sets below are filled once, by the role resolution (ProjectIndex+Roles.swift).
    var viewKeys: Set<TypeKey> = []
    var viewModelKeys: Set<TypeKey> = []
    var viewModelingKeys: Set<TypeKey> = []
    var baseClassKeys: Set<TypeKey> = []
    var viewModelOwnerKeys: Set<TypeKey> = []
    var upperLayerValueKeys: Set<TypeKey> = []
    var serviceProtocolKeys: Set<TypeKey> = []
    /// Why a view model whose name does not say so is one, for its findings' messages.
    var viewModelReasons: [TypeKey: String] = [:]
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
        ownModuleOnly = modules.modules.indices.map { [$0] }
        // Files of one module import the same few modules: look each pair up once.
        var importable: [String: [Int]] = [:]
        // Most files of a module see the same modules: they share one array.
        var seen: Set<[Int]> = []
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
            visibleModules[file.path] = seen.insert(visible).memberAfterInsert
        }
        // Declared types first; then extensions resolve against them, each file on its own, and
        // the declarations are gathered in file order.
        declarations = DeclarationTable(declaredIn: files) { modules.moduleIndex(of: files[$0].path) }
        let names = self
        declarations.place(jobs: jobs) { fileNumber, typeNumber in
            let file = files[fileNumber]
            let type = file.types[typeNumber]
            return type.kind == .extension
                ? names.resolve(type.qualifiedName, in: file.path)
                : TypeKey(module: modules.moduleIndex(of: file.path), name: type.qualifiedName)
        }
        resolveRoles(files, jobs: jobs)
    }


    /// Whether `module` declares (not only extends) a type named `qualifiedName`, whose last
    /// component is `simpleName`.
    func declares(_ qualifiedName: String, simpleName: String, in module: Int) -> Bool {
        guard qualifiedName == simpleName else {
            return declarations.declaresNested(qualifiedName, simpleName: simpleName, in: module)
        }
        return kind(of: TypeKey(module: module, name: qualifiedName)) != nil
    }

    /// The nested types `module` declares whose qualified names end in `.written`, each once,
    /// in order; `simpleName` is the last component of `written`.
    func nested(endingWith written: String, simpleName: String, in module: Int) -> [String] {
        let names = declarations.nestedNames(simpleName, in: module)
        // Most names asked are no nested type's.
        guard !names.isEmpty else { return [] }
        // The table holds each declared type once, so its names are distinct.
        let suffix = "." + written
        return names.filter { $0.hasSuffix(suffix) }.sorted()
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
            if resolveType(typeName).map(viewKeys.contains) == true { return true }
            // Most names are no alias: asked only of one (`typealias Section = Grouped<Item, Row>.Section`).
            return self.resolve(typeName, visible: visible).map(aliasNamesView) ?? false
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
            return declarations[key].contains { $0.fact.cases.contains(caseName) }
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
        case .declaredInOneFile:
            return resolveType(typeName).map { key in Set(declarations[key].map(\.path)).count == 1 } ?? false
        case .serviceProtocol:
            return resolveType(typeName).map(serviceProtocolKeys.contains) ?? false
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
        conditions.isEmpty || satisfies(conditions, visible: visible(from: path))
    }

    /// Like ``satisfies(_:in:)`` for a file that sees `visible` (``visible(from:)``): asked of
    /// each of a file's findings, with the file's modules looked up once.
    func satisfies(_ conditions: [RoleCondition], visible: [Int]) -> Bool {
        conditions.allSatisfy { answer($0, visible: visible) == $0.holds }
    }

    /// Whether the type of `condition` has its role, for a file that sees `visible`.
    func answer(_ condition: RoleCondition, visible: [Int]) -> Bool {
        // Files of one module ask the same questions about the same names many times.
        let question = RoleQuestion(role: condition.role, typeName: condition.typeName, visible: visible)
        return answers.answer(question) { has(condition.role, condition.typeName, visible: visible) }
    }

    /// Lets go of the answers ``satisfies(_:visible:)`` kept. Once every file's findings are
    /// admitted the same questions are not asked again, and the answers (a key and a name for
    /// each distinct question) would stay beside the project rules' own work at the run's peak.
    func forgetAnswers() {
        answers.forget()
    }

    /// Every inherited name of the type `typeName` means in the file at `path`, across its
    /// declaration and extensions.
    public func conformances(of typeName: String, in path: String) -> Set<String> {
        guard let key = resolveType(typeName, in: path) else { return [] }
        return Set(declarations[key].flatMap(\.fact.inherited))
    }

    /// The project the file at `path` belongs to: findings never depend on files of another.
    public func project(of path: String) -> String {
        modules.module(of: path).project
    }

    /// What the type is declared as (its first declaration that is not an extension): asked
    /// for every type, and a look-up copies no declaration.
    func kind(of key: TypeKey) -> TypeFact.Kind? {
        declarations.kind(of: key)
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
    public var declaredTypes: Set<String> {
        var names = Set(declarations.nestedSimpleNames)
        for key in declarations.keys where !key.name.utf8.contains(UInt8(ascii: ".")) {
            names.insert(key.name)
        }
        return names
    }
    /// Every inherited name of each simple type name, across its declarations and extensions.
    public var conformances: [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for (key, declared) in declarations {
            result[key.simpleName, default: []].formUnion(declared.flatMap(\.fact.inherited))
        }
        return result
    }
}
