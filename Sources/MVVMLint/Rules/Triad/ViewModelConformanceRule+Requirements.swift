import Foundation
import SwiftSyntax

extension ViewModelConformanceRule {
    /// One requirement of the protocol to write, or why it cannot be written.
    enum Requirement {
        /// The requirement's line, at its place in the class.
        case line(String, position: Int)
        /// The one-line reason.
        case unsafe(String)
    }

    /// What a class offers as witnesses: its members and nested type names, from its body and
    /// its extensions in the scanned files.
    struct Members {
        /// Members by name, each with its place in declaration order (the requirements' order).
        var byName: [String: [(decl: DeclSyntax, order: Int)]] = [:]
        /// Names of the types nested in the class, which the protocol must qualify.
        var nestedTypes: Set<String> = []

        init(_ groups: [any DeclGroupSyntax]) {
            var offset = 0
            for group in groups {
                for member in group.memberBlock.members.elements {
                    let decl = member.decl
                    offset += 1
                    if let variable = decl.as(VariableDeclSyntax.self) {
                        for name in variable.boundNames { byName[name, default: []].append((decl, offset)) }
                    } else if let function = decl.as(FunctionDeclSyntax.self) {
                        byName[function.name.text, default: []].append((decl, offset))
                    } else if let group = decl.asDeclGroup {
                        nestedTypes.insert(group.typeName)
                    } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
                        nestedTypes.insert(alias.name.text)
                    } else {
                        // Subscripts, initialisers, `#if` blocks: found by no member name.
                        continue
                    }
                }
            }
        }
    }

    /// The requirement for member `name` of class `className`, used by the views as `use`
    /// describes.
    static func requirementLine(
        _ name: String, use: ViewModelViewScan.MemberUse, of className: String, members: Members
    ) -> Requirement {
        let found = members.byName[name] ?? []
        guard !found.isEmpty else {
            return .unsafe("'\(name)', which a view uses, is not declared in '\(className)' or its extensions")
        }
        guard found.count == 1, let (decl, offset) = found.first else {
            return .unsafe("'\(className).\(name)' is declared more than once")
        }
        if let variable = decl.as(VariableDeclSyntax.self) {
            return propertyRequirement(variable, name: name, use: use, of: className, members: members, offset: offset)
        }
        if let function = decl.as(FunctionDeclSyntax.self) {
            return functionRequirement(function, of: className, members: members, offset: offset)
        }
        return .unsafe("'\(className).\(name)' is not a property or a method")
    }

    private static func propertyRequirement(
        _ variable: VariableDeclSyntax, name: String, use: ViewModelViewScan.MemberUse, of className: String, members: Members, offset: Int
    ) -> Requirement {
        if let reason = unwritableReason(variable.modifiers, name: name, of: className) {
            return .unsafe(reason)
        }
        guard let binding = variable.bindings.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }),
              let type = binding.typeAnnotation?.type ?? (variable.bindings.count > 1 ? variable.bindings.last?.typeAnnotation?.type : nil) else {
            return .unsafe("the type of '\(className).\(name)' is inferred, and a protocol must write it")
        }
        guard let written = writtenType(type, of: className, members: members) else {
            return .unsafe("the type of '\(className).\(name)' cannot be written in a protocol")
        }
        let isSettable = variable.isVar && variable.modifiers.setterAccess == nil && isSettableBinding(binding)
        if use.isWritten && !isSettable {
            return .unsafe("a view writes '\(className).\(name)', which is read-only")
        }
        // A method called into a value may mutate it, so a settable property stays settable.
        let needsSetter = isSettable && (use.isWritten || mayMutate(type, by: use))
        return .line("var \(name): \(written) { get\(needsSetter ? " set" : "") }", position: offset)
    }

    private static func functionRequirement(_ function: FunctionDeclSyntax, of className: String, members: Members, offset: Int) -> Requirement {
        let name = function.name.text
        if let reason = unwritableReason(function.modifiers, name: name, of: className) {
            return .unsafe(reason)
        }
        if function.genericParameterClause != nil || function.genericWhereClause != nil {
            return .unsafe("'\(className).\(name)' is generic")
        }
        if function.signature.parameterClause.parameters.contains(where: { $0.defaultValue != nil }) {
            return .unsafe("'\(className).\(name)' has a default argument, which a protocol requirement cannot have")
        }
        var pieces: [String] = []
        for parameter in function.signature.parameterClause.parameters {
            let names = [parameter.firstName.text] + (parameter.secondName.map { [$0.text] } ?? [])
            guard let type = writtenType(parameter.type, of: className, members: members) else {
                return .unsafe("a parameter type of '\(className).\(name)' cannot be written in a protocol")
            }
            let attributes = parameter.attributes.isEmpty ? "" : parameter.attributes.trimmedText + " "
            pieces.append("\(names.joined(separator: " ")): \(attributes)\(type)\(parameter.ellipsis?.text ?? "")")
        }
        var line = "func \(name)(\(pieces.joined(separator: ", ")))"
        if let effects = function.signature.effectSpecifiers {
            line += " " + effects.trimmedText
        }
        if let returned = function.signature.returnClause?.type {
            guard let type = writtenType(returned, of: className, members: members) else {
                return .unsafe("the result type of '\(className).\(name)' cannot be written in a protocol")
            }
            line += " -> " + type
        }
        if function.attributes.contains(named: "discardableResult") {
            line = "@discardableResult " + line
        }
        return .line(line, position: offset)
    }

    /// Why a member cannot be a witness of an internal protocol, if it cannot.
    private static func unwritableReason(_ modifiers: DeclModifierListSyntax, name: String, of className: String) -> String? {
        if modifiers.contains(.static) || modifiers.contains(.class) {
            return "'\(className).\(name)' is a type member"
        }
        if let access = modifiers.accessLevel, access == .private || access == .fileprivate {
            return "'\(className).\(name)' is \(access == .private ? "private" : "fileprivate")"
        }
        return nil
    }

    /// Methods of the standard library's arrays, dictionaries, sets and strings that never
    /// mutate them: calling one needs no setter.
    static let nonMutatingMethods: Set = [
        "allSatisfy", "compactMap", "contains", "count", "drop", "dropFirst", "dropLast", "enumerated", "filter",
        "first", "firstIndex", "flatMap", "forEach", "formatted", "hasPrefix", "hasSuffix", "index", "isDisjoint",
        "isSubset", "isSuperset", "joined", "last", "lastIndex", "lowercased", "map", "mapValues", "max", "min",
        "prefix", "reduce", "reversed", "sorted", "split", "starts", "suffix", "uppercased",
    ]

    /// Whether the uses may mutate a property of type `type` by calling into it: a call into
    /// something inside it, or a method not known to leave a standard collection or string as
    /// it is.
    static func mayMutate(_ type: TypeSyntax, by use: ViewModelViewScan.MemberUse) -> Bool {
        if use.isCalledInto { return true }
        guard !use.calledMethods.isEmpty else { return false }
        let value = type.unwrapped
        let isStandard = value.is(ArrayTypeSyntax.self) || value.is(DictionaryTypeSyntax.self)
            || ["String", "Set", "Array", "Dictionary"].contains(value.as(IdentifierTypeSyntax.self)?.name.text ?? "")
        return !isStandard || !use.calledMethods.isSubset(of: nonMutatingMethods)
    }

    /// The declared type of property `name` of the class, if it is one with a written type.
    static func memberDeclaredType(of name: String, in members: Members) -> TypeSyntax? {
        guard let variable = members.byName[name]?.first?.decl.as(VariableDeclSyntax.self) else { return nil }
        let binding = variable.bindings.first { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
        return binding?.typeAnnotation?.type
    }

    /// Whether a view may set property `name` of the class: a `var` whose setter is not
    /// narrowed, stored or with a setter.
    static func isSettableByViews(_ name: String, in members: Members) -> Bool {
        guard let variable = members.byName[name]?.first?.decl.as(VariableDeclSyntax.self), variable.isVar,
              variable.modifiers.setterAccess == nil,
              let binding = variable.bindings.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }) else { return false }
        return isSettableBinding(binding)
    }

    /// Whether a property binding can be set: stored, or computed with a setter.
    private static func isSettableBinding(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock else { return true }
        switch accessors.accessors {
        case .getter:
            return false
        case .accessors(let list):
            let kinds = list.elements.map(\.accessorSpecifier.tokenKind)
            return kinds.contains(.keyword(.set)) || kinds.allSatisfy { $0 == .keyword(.willSet) || $0 == .keyword(.didSet) }
        }
    }

    /// `type` as the protocol must write it: the class's nested types qualified with its name;
    /// `nil` for what a requirement cannot say the same way (`some`, `Self`).
    static func writtenType(_ type: TypeSyntax, of className: String, members: Members) -> String? {
        qualifiedType(type, of: className, members: members).map(oneLine)
    }

    /// `text` on one line: a line break and the blanks around it become one space, or none
    /// inside brackets.
    static func oneLine(_ text: String) -> String {
        guard text.contains("\n") else { return text }
        let pieces = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var joined = ""
        for piece in pieces where !piece.isEmpty {
            if let last = joined.last, let first = piece.first, !"([<".contains(last), !")]>,".contains(first) {
                joined += " "
            }
            joined += piece
        }
        return joined
    }

    private static func qualifiedType(_ type: TypeSyntax, of className: String, members: Members) -> String? {
        var text = ""
        let start = type.positionAfterSkippingLeadingTrivia
        var cursor = start
        let source = type.trimmedText
        let bytes = Array(source.utf8)
        for token in type.tokens(viewMode: .sourceAccurate) {
            if token.tokenKind == .keyword(.some) || token.tokenKind == .keyword(.Self) { return nil }
            guard case .identifier(let name) = token.tokenKind, members.nestedTypes.contains(name),
                  let identifier = token.parent?.as(IdentifierTypeSyntax.self), identifier.name.id == token.id else { continue }
            // Only a name that starts a type path is looked up in the class's scope.
            if let member = identifier.parent?.as(MemberTypeSyntax.self), member.baseType.id != identifier.id { continue }
            let offset = token.positionAfterSkippingLeadingTrivia.utf8Offset - start.utf8Offset
            text += String(decoding: bytes[(cursor.utf8Offset - start.utf8Offset)..<offset], as: UTF8.self) + className + "."
            cursor = token.positionAfterSkippingLeadingTrivia
        }
        text += String(decoding: bytes[(cursor.utf8Offset - start.utf8Offset)...], as: UTF8.self)
        return text
    }
}
