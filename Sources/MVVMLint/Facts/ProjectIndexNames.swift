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
                if declares(written, simpleName: written, in: module) { return [TypeKey(module: module, name: written)] }
                let nested = nested(endingWith: written, simpleName: written, in: module)
                if !nested.isEmpty { return nested.map { TypeKey(module: module, name: $0) } }
            }
            return []
        }
        let parts = written.split(separator: ".").map(String.init)
        guard let simple = parts.last else { return [] }
        for module in visible {
            // Nested in the scope or a type around it, as the compiler looks.
            var enclosing = scope.split(separator: ".").map(String.init)
            while !enclosing.isEmpty {
                let nested = (enclosing + parts).joined(separator: ".")
                if declares(nested, simpleName: simple, in: module) { return [TypeKey(module: module, name: nested)] }
                enclosing.removeLast()
            }
            if declares(written, simpleName: simple, in: module) { return [TypeKey(module: module, name: written)] }
            // `Models.Account`: a name qualified with its module.
            if parts.count > 1, parts[0] == modules.modules[module].name {
                let rest = parts.dropFirst().joined(separator: ".")
                if declares(rest, simpleName: simple, in: module) { return [TypeKey(module: module, name: rest)] }
            }
            let nested = nested(endingWith: written, simpleName: simple, in: module)
            if !nested.isEmpty { return nested.map { TypeKey(module: module, name: $0) } }
        }
        return []
    }

    /// The type `written` means in the file at `path`, if exactly one type fits.
    func resolve(_ written: String, in path: String, scope: String = "") -> TypeKey? {
        resolve(written, visible: visible(from: path), scope: scope)
    }

    func resolve(_ written: String, visible: [Int], scope: String = "") -> TypeKey? {
        let found = candidates(written, visible: visible, scope: scope)
        return found.count == 1 ? found[0] : nil
    }

    /// Whether `alias` is a type alias whose value names a view anywhere in it, its generic
    /// arguments included (`typealias Section = Grouped<Product, ProductRow>.Section`): what
    /// stores the alias stores the view. Aliases of aliases are followed a bounded number of steps.
    func aliasNamesView(_ alias: TypeKey) -> Bool {
        var pending = [alias]
        var seen: Set<TypeKey> = []
        while let current = pending.popLast() {
            guard kind(of: current) == .typealias, seen.count < 16, seen.insert(current).inserted else { continue }
            for declaration in declarations[current] where declaration.fact.kind == .typealias {
                for name in declaration.fact.storedTypes {
                    guard let type = resolve(name, in: declaration.path, scope: current.scope), type != current else { continue }
                    if viewKeys.contains(type) { return true }
                    pending.append(type)
                }
            }
        }
        return false
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
