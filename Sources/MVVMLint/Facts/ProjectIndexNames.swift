extension ProjectIndex {
    /// The types `written` may mean in the file at `path`, written inside the type `scope`:
    /// one when the name is settled, several when nested types of that name are and the
    /// scope does not say which, none when no module the file sees declares it.
    func candidates(_ written: String, in path: String, scope: String = "") -> [TypeKey] {
        candidates(written, visible: visible(from: path), scope: scope)
    }

    /// The modules a file sees, its own first.
    func visible(from path: String) -> [Int] {
        visibleModules[path] ?? ownModuleOnly[modules.moduleIndex(of: path)]
    }

    func candidates(_ written: String, visible: [Int], scope: String = "") -> [TypeKey] {
        // Most names are simple and top-level: settle those without splitting anything.
        // A byte search: `String.contains` goes through Foundation here and showed in profiles.
        if scope.isEmpty && !written.utf8.contains(UInt8(ascii: ".")) {
            for module in visible {
                guard let names = declaredNames[module]?[written] else { continue }
                if names.contains(written, simpleName: written) { return [TypeKey(module: module, name: written)] }
                let nested = names.nested(endingWith: written)
                if !nested.isEmpty { return nested.map { TypeKey(module: module, name: $0) } }
            }
            return []
        }
        let parts = written.split(separator: ".").map(String.init)
        guard let simple = parts.last else { return [] }
        for module in visible {
            guard let names = declaredNames[module]?[simple] else { continue }
            // Nested in the scope or a type around it, as the compiler looks.
            var enclosing = scope.split(separator: ".").map(String.init)
            while !enclosing.isEmpty {
                let nested = (enclosing + parts).joined(separator: ".")
                if names.contains(nested, simpleName: simple) { return [TypeKey(module: module, name: nested)] }
                enclosing.removeLast()
            }
            if names.contains(written, simpleName: simple) { return [TypeKey(module: module, name: written)] }
            // `Models.Account`: a name qualified with its module.
            if parts.count > 1, parts[0] == modules.modules[module].name {
                let rest = parts.dropFirst().joined(separator: ".")
                if names.contains(rest, simpleName: simple) { return [TypeKey(module: module, name: rest)] }
            }
            let nested = names.nested(endingWith: written)
            if !nested.isEmpty { return nested.map { TypeKey(module: module, name: $0) } }
        }
        return []
    }

    /// The qualified names of the types a module declares with one simple name.
    ///
    /// Most types are declared at the top level under their simple name and nowhere else: those
    /// keep an empty list, which allocates nothing, instead of a list of the one name. The index
    /// lives through the project phase and holds one of these for each declared name.
    struct QualifiedNames: Sendable {
        /// Every qualified name declared, or none when the simple name alone is.
        private var names: [String] = []

        /// The names of the first type declared as `qualifiedName` with the simple name `simpleName`.
        init(_ qualifiedName: String, simpleName: String) {
            names = qualifiedName == simpleName ? [] : [qualifiedName]
        }

        /// Adds a type declared as `qualifiedName` with the same simple name.
        mutating func add(_ qualifiedName: String, simpleName: String) {
            if names.isEmpty {
                // The simple name alone so far.
                if qualifiedName == simpleName { return }
                names = [simpleName]
            }
            names.append(qualifiedName)
        }

        /// Whether a type is declared as `qualifiedName`.
        func contains(_ qualifiedName: String, simpleName: String) -> Bool {
            names.isEmpty ? qualifiedName == simpleName : names.contains(qualifiedName)
        }

        /// The nested types whose qualified names end in `.written`, each once, in order.
        func nested(endingWith written: String) -> [String] {
            // A simple name has no dot, so the name alone is never nested.
            Set(names.filter { $0.hasSuffix("." + written) }).sorted()
        }
    }

    /// The type `written` means in the file at `path`, if exactly one type fits.
    func resolve(_ written: String, in path: String, scope: String = "") -> TypeKey? {
        resolve(written, visible: visible(from: path), scope: scope)
    }

    func resolve(_ written: String, visible: [Int], scope: String = "") -> TypeKey? {
        let found = candidates(written, visible: visible, scope: scope)
        return found.count == 1 ? found[0] : nil
    }

    /// Like ``resolve(_:in:scope:)``, following type aliases to what they name (a base class
    /// reached through `typealias Base = ViewModel<State>`).
    func resolveType(_ written: String, in path: String, scope: String = "") -> TypeKey? {
        resolveType(written, visible: visible(from: path), scope: scope)
    }

    func resolveType(_ written: String, visible: [Int], scope: String = "") -> TypeKey? {
        var key = resolve(written, visible: visible, scope: scope)
        // A chain of aliases is followed a bounded number of steps, so a cycle ends.
        for _ in 0..<16 {
            guard let current = key,
                  let alias = declarations[current].first(where: { $0.fact.kind == .typealias }),
                  let target = alias.fact.inherited.first,
                  let next = resolve(target, in: alias.path, scope: current.scope), next != current else { return key }
            key = next
        }
        return key
    }
}
