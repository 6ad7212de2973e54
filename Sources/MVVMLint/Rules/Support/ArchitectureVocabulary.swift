import SwiftSyntax

/// Names the rules share, so they agree on what a view model, a view or a service looks like.
enum ArchitectureVocabulary {
    /// Protocols that neither make a class observable nor isolate it; a class that conforms to
    /// anything else may be isolated or observable through it (a base class, an isolated protocol).
    static let plainProtocols: Set<String> = [
        "ObservableObject", "Observable", "Identifiable", "Equatable", "Hashable", "Sendable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Codable", "Decodable",
        "Encodable", "NSObject", "AnyObject", "Comparable", "Error",
    ]

    /// Standard library and Foundation types, which are never views or view models: references
    /// to them need no project-wide check.
    static let standardTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8",
        "UInt16", "UInt32", "UInt64", "Double", "Float", "Bool", "Decimal", "Date", "URL", "Data", "UUID",
        "Array", "Dictionary", "Set", "Optional", "Result", "Void", "Never", "Any", "AnyObject", "Error",
        "TimeInterval", "CGFloat", "Duration", "Task", "AnyHashable", "Range", "ClosedRange", "Self",
    ]

    /// Types that belong to the UI layer (UIKit and AppKit views and controllers are also
    /// recognised by their names: see `WrittenTypes`). `LocalizedStringKey` and `AttributedString`
    /// are text, plain data, and not here.
    static let uiTypes: Set<String> = [
        "AnyView", "Text", "Image", "Button", "Label", "Color", "Font", "UIView", "UIViewController", "NSView",
        "NSViewController", "UIHostingController", "NSHostingController", "UIImage", "UIColor", "UIFont",
        "NSImage", "NSColor", "NSFont",
    ]

    /// Whether a type is exempt from view rules: an app root (`App`, `Scene`) or a preview
    /// provider. A type declared in a provider is a preview too: see ``isRootOrPreview(_:in:)``.
    static func isRootOrPreview(_ decl: some DeclGroupSyntax) -> Bool {
        let inherited = decl.inheritedNames
        return inherited.contains("App") || inherited.contains("Scene") || Previews.isProvider(decl)
    }

    /// Like ``isRootOrPreview(_:)``, and also any other preview code ``Previews`` recognises: a
    /// type declared in a preview provider, or one private to its file that only previews use.
    static func isRootOrPreview(_ decl: some DeclGroupSyntax, in file: FileContext) -> Bool {
        isRootOrPreview(decl) || Previews.isPreview(decl, in: file)
    }

    /// Whether a property of a view holds its view model: named like one, wrapped like one,
    /// typed with one of the view's generic parameters, or of a type named like one, written or
    /// made in its initial value.
    static func isViewModelProperty(_ property: VariableDeclSyntax, genericParameters: Set<String>) -> Bool {
        // A stored factory (`() -> ChildViewModel`) makes a view model when called; it holds none.
        if property.declaredType?.unwrapped.is(FunctionTypeSyntax.self) == true {
            return false
        }
        if property.boundNames.contains(where: RoleVocabulary.isViewModelPropertyName) {
            return true
        }
        if property.attributes.names.contains(where: RoleVocabulary.viewModelWrappers.contains) {
            return true
        }
        // Written or made: `@State private var model = AboutViewModel()` is the view's own.
        if let type = property.inferredTypeName {
            return genericParameters.contains(type) || RoleVocabulary.isViewModelName(type)
        }
        return false
    }

    /// For a view's view-model property, the conditions under which it really holds a view
    /// model: none when its type is one of the view's generic parameters or its name says so
    /// (`viewModel`), "its type is a view model" for a concrete type, and `nil` when only a
    /// property wrapper hints at it and the type is unknown.
    static func viewModelPropertyConditions(_ property: VariableDeclSyntax, genericParameters: Set<String>) -> [RoleCondition]? {
        if let type = property.inferredTypeName {
            if genericParameters.contains(type) { return [] }
            return [RoleCondition(type, is: .viewModel)]
        }
        return property.boundNames.contains(where: RoleVocabulary.isViewModelPropertyName) ? [] : nil
    }

    /// The generic parameters of a struct or class that may stand for a view model: those left
    /// unconstrained and those constrained to a `*ViewModeling` protocol. A parameter constrained
    /// only to other protocols (`Content: View`, `ID: Hashable`), in its clause or a `where`
    /// clause, is something else.
    static func genericParameters(of decl: some DeclGroupSyntax) -> Set<String> {
        let clause: GenericParameterClauseSyntax?
        let whereClause: GenericWhereClauseSyntax?
        if let structDecl = decl.as(StructDeclSyntax.self) {
            clause = structDecl.genericParameterClause
            whereClause = structDecl.genericWhereClause
        } else if let classDecl = decl.as(ClassDeclSyntax.self) {
            clause = classDecl.genericParameterClause
            whereClause = classDecl.genericWhereClause
        } else {
            return []
        }
        guard let clause else { return [] }
        var constraints: [String: [TypeSyntax]] = [:]
        for parameter in clause.parameters.elements {
            constraints[parameter.name.text] = parameter.inheritedType.map { [$0] } ?? []
        }
        for requirement in whereClause.map({ Array($0.requirements.elements) }) ?? [] {
            if case .conformanceRequirement(let conformance) = requirement.requirement,
               let name = conformance.leftType.as(IdentifierTypeSyntax.self)?.name.text, constraints[name] != nil {
                constraints[name, default: []].append(conformance.rightType)
            }
        }
        return Set(constraints.compactMap { name, types in
            types.isEmpty || RoleVocabulary.endsInViewModel(name)
                || types.contains(where: namesViewModelConstraint) ? name : nil
        })
    }

    /// Whether a constraint is, or composes, a `*ViewModeling` protocol, or makes the parameter
    /// an observable object (which a view holds as its view model).
    private static func namesViewModelConstraint(_ type: TypeSyntax) -> Bool {
        if let composition = type.as(CompositionTypeSyntax.self) {
            return composition.elements.contains { namesViewModelConstraint($0.type) }
        }
        let name = type.simpleName
        return RoleVocabulary.isViewModelingName(name) || name == "ObservableObject" || name == "Observable"
    }

    /// The conditions under which a declaration's findings are view findings.
    static func viewConditions(_ decl: some DeclGroupSyntax) -> [RoleCondition] {
        [RoleCondition(decl.qualifiedTypeName, is: .view)]
    }

    /// The conditions under which a declaration's findings are view model findings.
    static func viewModelConditions(_ decl: some DeclGroupSyntax) -> [RoleCondition] {
        [RoleCondition(decl.qualifiedTypeName, is: .viewModel)]
    }
}
