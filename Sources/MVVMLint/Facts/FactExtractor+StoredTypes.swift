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

    /// `parameters: ProfileParameters`, `params: P`, `_ parameters: P`, `flow: ProfileFlowParameters`.
    private static func isParametersStruct(_ parameter: FunctionParameterSyntax) -> Bool {
        let labels = [parameter.firstName.text, parameter.secondName?.text ?? ""]
        return labels.contains("parameters") || labels.contains("params") || parameter.type.simpleName.hasSuffix("Parameters")
    }
}
