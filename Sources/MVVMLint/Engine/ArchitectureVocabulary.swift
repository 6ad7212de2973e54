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

    /// Type-name suffixes of services a view model should receive, not create.
    static let serviceSuffixes = [
        "Service", "Client", "Fetcher", "Repository", "Store", "Manager", "UseCase", "API", "Webservice",
    ]

    /// Types that belong to the UI layer.
    static let uiTypes: Set<String> = [
        "AnyView", "Text", "Image", "Button", "Label", "UIView", "UIViewController", "NSView",
        "NSViewController", "UIHostingController", "NSHostingController",
    ]

    /// Property wrappers that hold a view model in a view.
    static let viewModelWrappers: Set<String> = ["StateObject", "ObservedObject", "Bindable"]

    /// Whether a view type is exempt from view rules: app roots and previews.
    static func isRootOrPreview(_ decl: some DeclGroupSyntax) -> Bool {
        let inherited = decl.inheritedNames
        return inherited.contains("App") || inherited.contains("PreviewProvider") || inherited.contains("Scene")
    }

    /// Whether a property of a view holds its view model: named like one, wrapped like one, or
    /// typed with one of the view's generic parameters.
    static func isViewModelProperty(_ property: VariableDeclSyntax, genericParameters: Set<String>) -> Bool {
        if property.boundNames.contains(where: FactExtractor.isViewModelPropertyName) {
            return true
        }
        if property.attributes.names.contains(where: viewModelWrappers.contains) {
            return true
        }
        if let type = property.declaredType?.simpleName {
            return genericParameters.contains(type) || type.hasAnySuffix(["ViewModel"])
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
        return property.boundNames.contains(where: FactExtractor.isViewModelPropertyName) ? [] : nil
    }

    /// The generic parameter names of a struct or class.
    static func genericParameters(of decl: some DeclGroupSyntax) -> Set<String> {
        let clause = decl.as(StructDeclSyntax.self)?.genericParameterClause
            ?? decl.as(ClassDeclSyntax.self)?.genericParameterClause
        return Set(clause?.parameters.map(\.name.text) ?? [])
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
