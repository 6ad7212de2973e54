import SwiftSyntax

/// Questions about the types a declaration writes down: the named types a written type is made
/// of, the types written in a declaration's members, and which of them are UI framework types,
/// opaque views, or may be the project's own.
enum WrittenTypes {
    /// Whether a written type may be one of the project's views or view models; most stored
    /// properties hold standard types, and skipping them keeps pending findings few.
    static func mayNameProjectType(_ name: String) -> Bool {
        guard name.startsUppercase else { return false }
        return !ArchitectureVocabulary.standardTypes.contains(name)
    }

    /// For a UI framework type, the name an app's own declaration of it would have (`UIButton`
    /// for `UIButton.Configuration`); `nil` for anything else.
    static func uiTypeName(_ type: TypeSyntax) -> String? {
        if let member = type.as(MemberTypeSyntax.self) {
            // `UIButton.Configuration`, `UIListContentConfiguration.TextProperties`: nested in UIKit.
            let base = member.baseType.simpleName
            return isUIKitName(base) ? base : nil
        }
        let name = type.simpleName
        return ArchitectureVocabulary.uiTypes.contains(name) || isUIKitName(name) ? name : nil
    }

    /// UIKit and AppKit views, controllers and configurations: `UI` or `NS`, then a capital, and
    /// one of their suffixes (Core Data's `NSFetchedResultsController` is no UI).
    private static func isUIKitName(_ name: String) -> Bool {
        guard name.hasPrefix("UI") || name.hasPrefix("NS"), name.dropFirst(2).startsUppercase,
              name != "NSFetchedResultsController" else { return false }
        return ArchitectureVocabulary.uiTypes.contains(name)
            || name.hasAnySuffix(["View", "Controller", "Button", "Label", "Configuration", "Control", "Field", "Bar", "Cell", "Window"])
    }

    /// `some View`: an opaque view, which stays whole in ``leafTypes(in:)``.
    static func isSomeView(_ type: TypeSyntax) -> Bool {
        if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) {
            return someOrAny.constraint.simpleName == "View"
        }
        return false
    }

    /// The named types a written type is made of, through optionals, arrays, dictionaries,
    /// tuples, `some`/`any`, attributes, compositions and generic arguments (`[String: T]`,
    /// `Optional<T>`, `Set<T>`): where a view model or view may hide. `some View` stays whole.
    static func leafTypes(in type: TypeSyntax) -> [TypeSyntax] {
        type.leafTypes(keepingWhole: isSomeView)
    }

    /// The types written in the members' property annotations, parameters, results and type
    /// aliases, nested types and bodies excluded (they are checked on their own, or hold no stored state).
    static func typeReferences(in members: MemberBlockItemListSyntax) -> [TypeSyntax] {
        var references: [TypeSyntax] = []
        for member in members.elements {
            switch member.decl.as(DeclSyntaxEnum.self) {
            case .variableDecl(let variable):
                references += variable.bindings.elements.compactMap { $0.typeAnnotation?.type }
            case .functionDecl(let function):
                references += function.signature.parameterClause.parameters.elements.map(\.type)
                if let result = function.signature.returnClause?.type { references.append(result) }
            case .initializerDecl(let initializer):
                references += initializer.signature.parameterClause.parameters.elements.map(\.type)
            case .typeAliasDecl(let alias):
                // `typealias Rows = [Grouped<Item, RowView>.Section]` names what the members hold.
                references.append(alias.initializer.value)
            case .subscriptDecl(let subscriptDecl):
                references += subscriptDecl.parameterClause.parameters.elements.map(\.type)
                references.append(subscriptDecl.returnClause.type)
            case .ifConfigDecl(let ifConfig):
                for clause in ifConfig.clauses.elements {
                    if case .decls(let nested) = clause.elements {
                        references += typeReferences(in: nested)
                    }
                }
            default:
                break
            }
        }
        return references
    }
}
