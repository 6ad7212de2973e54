/// The name side of "is this a preview?": the one place the index and the graph ask it. The
/// syntax side, for a rule reading one file, is `Previews` (Rules/Support); both take a preview
/// provider and every type declared in it, or in an extension of it, as preview code.
extension ProjectIndex {
    /// Whether the type is a preview provider (`Feed_Previews: PreviewProvider`) or is nested in
    /// one (`Feed_Previews.Host`, also when declared in an extension of the provider): a bounded
    /// walk out through the types around it.
    func isPreview(_ key: TypeKey) -> Bool {
        var name = Substring(key.name)
        for _ in 0..<16 {
            let enclosing = TypeKey(module: key.module, name: String(name))
            if declarations[enclosing].contains(where: { $0.fact.inherited.contains("PreviewProvider") }) { return true }
            guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
            name = name[..<dot]
        }
        return false
    }

    /// Like ``isPreview(_:)`` for a type as written in the file at `path` (its qualified name),
    /// for a project rule that finds view models by their names.
    func isPreview(_ typeName: String, in path: String) -> Bool {
        resolve(typeName, in: path).map(isPreview) ?? false
    }

    /// Like ``isPreview(_:)`` for a qualified name as the graph knows it, in any module.
    func isPreview(named qualifiedName: String) -> Bool {
        modules.modules.indices.contains { isPreview(TypeKey(module: $0, name: qualifiedName)) }
    }

    /// Takes previews out of a set of views or view models: they build and hold what they show
    /// as they like, and no rule applies to them.
    func withoutPreviews(_ keys: Set<TypeKey>) -> Set<TypeKey> {
        keys.filter { !isPreview($0) }
    }
}
