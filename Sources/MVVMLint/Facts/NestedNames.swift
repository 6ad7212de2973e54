/// The qualified names of the nested types that share one simple name in one module
/// (`ListView.Row`, `GridView.Row`), in the order they are declared.
///
/// The index keeps one for each nested name of each module through the project phase, and
/// nearly all hold a single name: that one is kept without an array, which was a heap
/// allocation of its own for every nested type of a large project.
enum NestedNames: Sendable, Equatable {
    case one(String)
    case several([String])

    /// The names, in order.
    var names: [String] {
        switch self {
        case .one(let name): [name]
        case .several(let names): names
        }
    }

    /// Whether `name` is one of them.
    func contains(_ name: String) -> Bool {
        switch self {
        case .one(let only): only == name
        case .several(let names): names.contains(name)
        }
    }

    /// Adds a name after the others.
    mutating func append(_ name: String) {
        switch self {
        case .one(let first): self = .several([first, name])
        case .several(var names):
            // Taken out first, so the array grows in place.
            self = .one("")
            names.append(name)
            self = .several(names)
        }
    }
}
