import SwiftSyntax

extension TypeSyntax {
    /// The named types this written type is made of, through optionals, arrays, dictionaries,
    /// tuples, `some`/`any`, attributes, compositions and generic arguments (`[String: T]`,
    /// `Optional<T>`, `Set<T>`, a qualifier's as in `Grouped<T, U>.Section`), in order. A type
    /// `keepWhole` accepts (`some View`, for the rules) is a leaf as written.
    func leafTypes(keepingWhole keepWhole: (TypeSyntax) -> Bool = { _ in false }) -> [TypeSyntax] {
        var leaves: [TypeSyntax] = []
        // Written types nest as deep as their text; the depth bound guards hostile input.
        func visit(_ type: TypeSyntax, depth: Int) {
            guard depth < 32 else { return }
            switch type.as(TypeSyntaxEnum.self) {
            case .identifierType(let identifier):
                leaves.append(type)
                // `?? []` would build an empty syntax collection for every plain name.
                if let arguments = identifier.genericArgumentClause?.arguments {
                    for argument in arguments.elements {
                        if case .type(let argumentType) = argument.argument { visit(argumentType, depth: depth + 1) }
                    }
                }
            case .memberType(let member):
                leaves.append(type)
                visitArguments(member.genericArgumentClause, depth: depth)
                // `Grouped<Item, RowView>.Section`: the qualifiers' arguments are written here too.
                var qualifier: TypeSyntax? = member.baseType
                for _ in 0..<8 {
                    guard let current = qualifier else { break }
                    if let outer = current.as(MemberTypeSyntax.self) {
                        visitArguments(outer.genericArgumentClause, depth: depth)
                        qualifier = outer.baseType
                    } else {
                        visitArguments(current.as(IdentifierTypeSyntax.self)?.genericArgumentClause, depth: depth)
                        qualifier = nil
                    }
                }
            case .optionalType(let optional): visit(optional.wrappedType, depth: depth + 1)
            case .implicitlyUnwrappedOptionalType(let optional): visit(optional.wrappedType, depth: depth + 1)
            case .arrayType(let array): visit(array.element, depth: depth + 1)
            case .dictionaryType(let dictionary):
                visit(dictionary.key, depth: depth + 1)
                visit(dictionary.value, depth: depth + 1)
            case .someOrAnyType(let someOrAny):
                if keepWhole(type) { leaves.append(type) } else { visit(someOrAny.constraint, depth: depth + 1) }
            case .attributedType(let attributed): visit(attributed.baseType, depth: depth + 1)
            case .tupleType(let tuple): tuple.elements.elements.forEach { visit($0.type, depth: depth + 1) }
            case .compositionType(let composition): composition.elements.elements.forEach { visit($0.type, depth: depth + 1) }
            default: break
            }
        }
        func visitArguments(_ clause: GenericArgumentClauseSyntax?, depth: Int) {
            guard let arguments = clause?.arguments else { return }
            for argument in arguments.elements {
                if case .type(let argumentType) = argument.argument { visit(argumentType, depth: depth + 1) }
            }
        }
        visit(self, depth: 0)
        return leaves
    }
}
