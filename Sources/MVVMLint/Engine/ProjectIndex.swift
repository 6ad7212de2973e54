/// The roles of every type in the project, resolved from all files' facts together.
public struct ProjectIndex: Sendable {
    /// Types that conform to `View`.
    public private(set) var views: Set<String> = []
    /// Types recognised as view models.
    public private(set) var viewModels: Set<String> = []
    /// Protocols named `*ViewModeling`.
    public private(set) var viewModelingProtocols: Set<String> = []
    /// Class names, with their superclass candidate (first inherited name).
    public private(set) var superclassOf: [String: String] = [:]
    /// Every inherited name of each type, across its declaration and extensions.
    public private(set) var conformances: [String: Set<String>] = [:]
    /// Classes some other class inherits from.
    public private(set) var baseClasses: Set<String> = []
    /// Enums declared in the linted files.
    public private(set) var enums: Set<String> = []
    /// Every type declared in the linted files.
    public private(set) var declaredTypes: Set<String> = []

    /// Resolves roles from the facts of every linted file.
    public init(_ files: [FileFacts]) {
        var classes: Set<String> = []
        for file in files {
            for type in file.types {
                if type.kind != .extension {
                    declaredTypes.insert(type.name)
                }
                conformances[type.name, default: []].formUnion(type.inherited)
                switch type.kind {
                case .class:
                    classes.insert(type.name)
                    if let first = type.inherited.first {
                        superclassOf[type.name] = first
                    }
                case .protocol where type.name.hasAnySuffix(["ViewModeling"]):
                    viewModelingProtocols.insert(type.name)
                case .enum:
                    enums.insert(type.name)
                default:
                    break
                }
            }
        }
        for (type, inherited) in conformances where inherited.contains("View") {
            views.insert(type)
        }
        for name in classes {
            let inherited = conformances[name] ?? []
            if name.hasAnySuffix(["ViewModel"]) || inherited.contains(where: { $0.hasAnySuffix(["ViewModeling"]) }) {
                viewModels.insert(name)
            }
        }
        for file in files {
            for held in file.heldViewModels where views.contains(held.ownerType) && classes.contains(held.typeName) {
                viewModels.insert(held.typeName)
            }
        }
        for (_, base) in superclassOf where classes.contains(base) {
            baseClasses.insert(base)
        }
        // Real apps derive view models from a base class; a subclass of a view model is one too.
        // Down the inheritance tree from each view model with a work list, so a chain of any
        // length costs one step per class (no repeated sweeps, no recursion).
        var subclasses: [String: [String]] = [:]
        for (name, base) in superclassOf {
            subclasses[base, default: []].append(name)
        }
        var pending = Array(viewModels)
        while let base = pending.popLast() {
            for name in subclasses[base] ?? [] where viewModels.insert(name).inserted {
                pending.append(name)
            }
        }
    }

    /// Whether `typeName` has `role`.
    public func has(_ role: Role, _ typeName: String) -> Bool {
        switch role {
        case .view: views.contains(typeName)
        // A `*ViewModel` from a module that is not linted is taken at its name.
        case .viewModel: viewModels.contains(typeName) || (!declaredTypes.contains(typeName) && typeName.hasAnySuffix(["ViewModel"]))
        case .viewModelingProtocol: viewModelingProtocols.contains(typeName)
        case .baseClass: baseClasses.contains(typeName)
        case .enumeration: enums.contains(typeName)
        case .declared: declaredTypes.contains(typeName)
        }
    }

    /// Whether every condition holds.
    public func satisfies(_ conditions: [RoleCondition]) -> Bool {
        conditions.allSatisfy { has($0.role, $0.typeName) == $0.holds }
    }
}

/// What a ``ProjectRule`` sees: every file's facts and the resolved roles.
public struct ProjectContext {
    /// Facts of every linted file.
    public let files: [FileFacts]
    /// Resolved roles.
    public let index: ProjectIndex
    /// The settings that apply to a file.
    public let configuration: @Sendable (String) -> Configuration

    /// A finding of `rule` in `path`, with that file's severity for the rule.
    func report(_ rule: RuleDescription, path: String, line: Int, column: Int, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(path: path, line: line, column: column, ruleID: rule.id,
                   severity: configuration(path).severity(of: rule), message: message, hint: hint)
    }
}
