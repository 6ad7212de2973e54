import SwiftSyntax

/// What a type is made of, for the values an upper layer stores (``TypeFact/storedTypes``).
extension FactExtractor {
    /// The capitalised names the types of a declaration's stored instance properties (and its
    /// enum cases' associated values) mention, in order, once each: `[FeedSection]?` gives
    /// `FeedSection`, `[String: RowState]` gives `String` and `RowState`. A class is also made
    /// of its base class's generic arguments (`BaseViewModel<FeedState, FeedAction>` holds its
    /// state for it), and a type of the parameters struct its initialiser takes
    /// (`init(parameters: ProfileParameters)`), whose fields it keeps whether it stores the
    /// struct or copies them out.
    static func storedTypeNames(
        of node: some DeclGroupSyntax, members: [DeclSyntax], cases: [EnumCaseDeclSyntax], properties: [VariableDeclSyntax]
    ) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        func add(_ name: String) {
            if name.startsUppercase, seen.insert(name).inserted { names.append(name) }
        }
        func visit(_ type: TypeSyntax) {
            type.leafTypes().forEach { add($0.simpleName) }
        }
        // An enum is made of its cases' associated values (`case detail(DetailViewModel)`).
        for element in cases.flatMap(\.elements.elements) {
            element.parameterClause?.parameters.elements.forEach { visit($0.type) }
        }
        for property in properties where property.isStored && !property.isStatic {
            if let type = property.declaredType {
                visit(type)
            } else if let inferred = property.inferredTypeName {
                add(inferred)
            } else if let value = property.bindings.elements.first?.initializer?.value {
                collectionElementNames(value).forEach(add)
            }
        }
        if node.kind == .classDecl, let inherited = node.inheritanceClause {
            // The base class itself is the first leaf; only its arguments are held.
            for type in inherited.inheritedTypes.elements.map(\.type) {
                type.leafTypes().dropFirst().forEach { add($0.simpleName) }
            }
        }
        for member in members {
            guard let initializer = member.as(InitializerDeclSyntax.self) else { continue }
            for parameter in initializer.signature.parameterClause.parameters.elements where isParametersStruct(parameter) {
                visit(parameter.type)
            }
        }
        return names
    }

    /// The capitalised names a type alias's value is made of, in order, once each: what a type
    /// that stores the alias, or derives from it, holds (`typealias RoomViewModelType =
    /// StateStoreViewModel<RoomViewState, Never>` gives `StateStoreViewModel`, `RoomViewState`
    /// and `Never`; only the value types among them are kept when roles resolve).
    static func aliasedTypeNames(_ value: TypeSyntax) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for leaf in value.leafTypes() {
            let name = leaf.simpleName
            if name.startsUppercase, seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// The element types an empty collection is made with (`[FeedGroup]()` gives `FeedGroup`,
    /// `[String: RowState]()` gives `String` and `RowState`); none for any other value.
    private static func collectionElementNames(_ value: ExprSyntax) -> [String] {
        guard let called = value.as(FunctionCallExprSyntax.self)?.calledExpression else { return [] }
        var types: [ExprSyntax] = []
        if let array = called.as(ArrayExprSyntax.self), array.elements.count == 1 {
            types = array.elements.map(\.expression)
        } else if let dictionary = called.as(DictionaryExprSyntax.self), case .elements(let pairs) = dictionary.content, pairs.count == 1 {
            types = pairs.flatMap { [$0.key, $0.value] }
        }
        return types.compactMap { type in
            if let reference = type.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
            return type.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        }
    }

    /// `parameters: ProfileParameters`, `params: P`, `_ parameters: P`, `flow: ProfileFlowParameters`.
    private static func isParametersStruct(_ parameter: FunctionParameterSyntax) -> Bool {
        let labels = [parameter.firstName.text, parameter.secondName?.text ?? ""]
        return labels.contains("parameters") || labels.contains("params") || parameter.type.simpleName.hasSuffix("Parameters")
    }
}
