import SwiftSyntax

extension ViewModelObservableRule {
    /// Whether evaluating a `@StateObject`'s value again, as `@State` does each time its view
    /// is made, does nothing but make a value that is thrown away.
    ///
    /// Plain are literals, names, member reads of values, an enum case declared in the linted
    /// files, collections and tuples of such, and the making of a type known to run no code: the
    /// class being moved (initializers that only store plain values, no `deinit`), a few standard
    /// value types, and a struct or enum of the linted files whose initializers and stored
    /// properties' defaults are plain alike. Any other call may start work or make an object
    /// that outlives the view's value.
    struct PlainMaking {
        let conversion: Conversion
        let scan: ProjectScan

        /// Standard value types whose making has no effect a program can see.
        static let standardValues: Set<String> = [
            "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
            "CGFloat", "Bool", "String", "Character", "Array", "Dictionary", "Set", "Optional", "UUID", "Date",
        ]

        /// What makes evaluating a value run code.
        enum Problem: Error {
            /// The making of this type, or the reading of this member, may run code.
            case runs(String)
            /// Something the check cannot follow.
            case unknown
        }

        /// Why `value`, evaluated each time a view of type `owner` is made, may change what the
        /// program does; `nil` when it only makes a value.
        func reason(making value: ExprSyntax, in owner: String) -> String? {
            do throws(Problem) {
                if let call = value.as(FunctionCallExprSyntax.self), call.calledExpression.calledTypeName == conversion.name {
                    guard !conversion.hasDeinit else { throw Problem.unknown }
                    try arguments(of: call, depth: 0)
                    let extensions = (scan.extensions[conversion.name] ?? []).flatMap { Array($0.decl.memberBlock.members.elements) }
                    try members(Array(conversion.decl.memberBlock.members.elements) + extensions, depth: 0)
                } else {
                    try check(value, depth: 0)
                }
                return nil
            } catch {
                guard case .runs(let name) = error else {
                    return "@State would make '\(conversion.name)' each time '\(owner)' is made, and making it runs code"
                }
                return "making '\(name)' may run code each time the view is made"
            }
        }

        /// Throws unless `value` only makes a value.
        func check(_ value: ExprSyntax, depth: Int) throws(Problem) {
            switch value.as(ExprSyntaxEnum.self) {
            case .integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr, .nilLiteralExpr, .declReferenceExpr:
                return
            case .stringLiteralExpr(let string):
                // Interpolation calls a value's description.
                guard string.segments.elements.allSatisfy({ $0.is(StringSegmentSyntax.self) }) else { throw .unknown }
            case .memberAccessExpr(let member):
                guard let base = member.base else {
                    guard scan.enumCases.contains(member.declName.baseName.text) else { throw .runs(member.trimmedDescription) }
                    return
                }
                // A type's member may be a computed static that makes an object; an enum case is not.
                if let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text, type.startsUppercase || type == "Self" {
                    guard scan.enumCases.contains(member.declName.baseName.text) else { throw .runs(member.trimmedDescription) }
                    return
                }
                try check(base, depth: depth)
            case .prefixOperatorExpr(let prefix):
                guard prefix.operator.text == "-" else { throw .unknown }
                try check(prefix.expression, depth: depth)
            case .arrayExpr(let array):
                for element in array.elements.elements { try check(element.expression, depth: depth) }
            case .dictionaryExpr(let dictionary):
                guard case .elements(let elements) = dictionary.content else { return }
                for element in elements.elements {
                    try check(element.key, depth: depth)
                    try check(element.value, depth: depth)
                }
            case .tupleExpr(let tuple):
                for element in tuple.elements.elements { try check(element.expression, depth: depth) }
            case .functionCallExpr(let call):
                guard let type = call.calledExpression.calledTypeName else { throw .runs(call.calledExpression.trimmedDescription) }
                guard type != conversion.name, isPlainType(type, depth: depth) else { throw .runs(type) }
                try arguments(of: call, depth: depth)
            default:
                throw .unknown
            }
        }

        /// Throws unless the call has no closure and plain arguments.
        private func arguments(of call: FunctionCallExprSyntax, depth: Int) throws(Problem) {
            guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty else { throw .unknown }
            for argument in call.arguments.elements { try check(argument.expression, depth: depth) }
        }

        /// Whether making the type `name` runs no code beyond storing plain values.
        private func isPlainType(_ name: String, depth: Int) -> Bool {
            if Self.standardValues.contains(name) { return true }
            guard depth < 4, scan.declarations[name] == 1, let decl = scan.valueTypes[name] else { return false }
            let extensions = (scan.extensions[name] ?? []).flatMap { Array($0.decl.memberBlock.members.elements) }
            return (try? members(Array(decl.memberBlock.members.elements) + extensions, depth: depth + 1)) != nil
        }

        /// Throws unless the members make the type plainly: each stored property's default and
        /// each initializer's default arguments are plain, and each initializer only stores
        /// plain values in the type's own properties; no `deinit`, lazy or wrapped property.
        private func members(_ members: [MemberBlockItemSyntax], depth: Int) throws(Problem) {
            for member in members {
                if member.decl.is(DeinitializerDeclSyntax.self) || member.decl.is(IfConfigDeclSyntax.self) { throw .unknown }
                if let property = member.decl.as(VariableDeclSyntax.self), !property.isStatic {
                    if property.modifiers.contains(.lazy) { throw .unknown }
                    if property.attributes.names.contains(where: { !Conversion.plainAttributes.contains($0) && $0 != "Published" && $0 != "ObservationIgnored" }) {
                        throw .unknown
                    }
                    for binding in property.bindings.elements {
                        if let value = binding.initializer?.value { try check(value, depth: depth) }
                    }
                }
                guard let initializer = member.decl.as(InitializerDeclSyntax.self) else { continue }
                for parameter in initializer.signature.parameterClause.parameters.elements {
                    if let value = parameter.defaultValue?.value { try check(value, depth: depth) }
                }
                for item in initializer.body.map({ Array($0.statements.elements) }) ?? [] {
                    guard let parts = item.item.as(SequenceExprSyntax.self).map({ Array($0.elements.elements) }), parts.count == 3,
                          parts[1].is(AssignmentExprSyntax.self), Self.isOwnProperty(parts[0]) else { throw .unknown }
                    try check(parts[2], depth: depth)
                }
            }
        }

        /// Whether `target` names a property of the value being made: `name` or `self.name`.
        private static func isOwnProperty(_ target: ExprSyntax) -> Bool {
            if target.is(DeclReferenceExprSyntax.self) { return true }
            guard let member = target.as(MemberAccessExprSyntax.self) else { return false }
            return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        }
    }
}
