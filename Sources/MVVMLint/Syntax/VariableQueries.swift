import SwiftSyntax

/// Questions rules ask of stored and computed properties and their bindings.
extension VariableDeclSyntax {
    /// The names bound by the declaration (`var a, b: Int` binds both).
    var boundNames: [String] {
        bindings.elements.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
    }

    /// Whether it is `var` (not `let`).
    var isVar: Bool {
        bindingSpecifier.tokenKind == .keyword(.var)
    }

    /// Whether it is `static` or `class`.
    var isStatic: Bool {
        modifiers.contains(.static) || modifiers.contains(.class)
    }

    /// Whether the first binding stores a value (no getter; observers allowed).
    var isStored: Bool {
        guard let binding = bindings.elements.first else { return false }
        guard let accessors = binding.accessorBlock else { return true }
        switch accessors.accessors {
        case .getter:
            return false
        case .accessors(let list):
            return list.elements.allSatisfy { accessor in
                let kind = accessor.accessorSpecifier.tokenKind
                return kind == .keyword(.willSet) || kind == .keyword(.didSet)
            }
        }
    }

    /// The written type of the first binding, if any.
    var declaredType: TypeSyntax? {
        bindings.elements.first?.typeAnnotation?.type
    }

    /// The type named by the first binding's annotation, or by an initializer call `= T(...)`.
    var inferredTypeName: String? {
        if let type = declaredType {
            return type.simpleName
        }
        guard let value = bindings.elements.first?.initializer?.value else { return nil }
        if let call = value.as(FunctionCallExprSyntax.self) {
            return call.calledExpression.calledTypeName
        }
        return nil
    }

    /// The type of an object the property reads from the environment: `T` of
    /// `@EnvironmentObject var x: T` or of Observation's `@Environment(T.self) var x`; `nil` for
    /// environment values (`@Environment(\.dismiss)`) and every other property.
    var environmentObjectTypeName: String? {
        guard !attributes.isEmpty else { return nil }
        if attributes.contains(named: "EnvironmentObject") {
            return declaredType?.writtenName
        }
        guard let attribute = attributes.attribute(named: "Environment"),
              case .argumentList(let arguments) = attribute.arguments,
              let member = arguments.elements.first?.expression.as(MemberAccessExprSyntax.self),
              member.declName.baseName.tokenKind == .keyword(.self), let base = member.base else { return nil }
        return base.trimmedText
    }
}

extension PatternBindingSyntax {
    /// Whether a protocol requirement's accessors include `set`.
    var hasSetterRequirement: Bool {
        guard case .accessors(let list) = accessorBlock?.accessors else { return false }
        return list.elements.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) }
    }
}
