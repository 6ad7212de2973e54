import SwiftSyntax

extension ViewModelObservableRule {
    /// How a property that holds the class moves to Observation, or why it cannot.
    ///
    /// `@StateObject` becomes `@State`, which keeps the first object it is given but evaluates
    /// its initial value each time the view is made, where `@StateObject` made it once: so only
    /// a value that is a plain reference, or the class made by an initializer that only stores
    /// plain values (no `deinit`), moves; a binding made from it (`$name`) is left, as `@State`
    /// projects another kind. `@ObservedObject` becomes a plain `var`, or `@Bindable` where its
    /// projection or storage is used. `@EnvironmentObject var name: T` becomes
    /// `@Environment(T.self) var name: T`, unless its projection or storage is used. The storage
    /// may only be set as `_name = StateObject(wrappedValue: value)` (or `ObservedObject`), whose
    /// wrapper is renamed along.
    enum HolderMove {
        /// The holder's edits, and the wrapper names in its storage's assignments, which the
        /// move renames.
        case moved([TextEdit], callees: Set<SyntaxIdentifier>)
        /// The one-line reason.
        case unsafe(String)

        init(_ holder: ProjectScan.Holder, of conversion: Conversion, scan: ProjectScan) {
            let property = holder.property, path = holder.file.path
            guard property.bindings.count == 1, let binding = property.bindings.first,
                  let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let owner = holder.owner else {
                self = .unsafe("a @\(holder.wrapper) property in \(path) declares more than one name")
                return
            }
            // The projection and storage are used in the owner and its extensions.
            var projected = scan.projectedMembers[name] != nil
            var storage: [TokenSyntax] = []
            let scopes = [Syntax(owner)] + (scan.extensions[owner.typeName] ?? []).map { Syntax($0.decl) }
            for scope in scopes {
                for token in scope.tokens(viewMode: .sourceAccurate) {
                    guard case .identifier(let text) = token.tokenKind else { continue }
                    if text == "$" + name { projected = true }
                    if text == "_" + name { storage.append(token) }
                }
            }
            var callees: [TokenSyntax] = [], values: [ExprSyntax] = []
            for token in storage {
                guard let (callee, value) = Self.storageAssignment(token, wrapper: holder.wrapper) else {
                    self = .unsafe("'_\(name)' is used in \(path) where the fix cannot follow it")
                    return
                }
                callees.append(callee)
                values.append(value)
            }
            let renamed = Set(callees.map(\.id))
            guard let wrapperName = holder.attribute.attributeName.as(IdentifierTypeSyntax.self)?.name else {
                self = .unsafe("'\(name)' in \(path) names its wrapper in a way the fix cannot follow")
                return
            }
            switch holder.wrapper {
            case "StateObject":
                if projected {
                    self = .unsafe("'$\(name)' in \(path) makes bindings through @StateObject, which @State makes another way")
                    return
                }
                let made = values + (binding.initializer.map { [$0.value] } ?? [])
                guard !made.isEmpty else {
                    self = .unsafe("'\(name)' in \(path) gets its '\(conversion.name)' where the fix cannot follow it")
                    return
                }
                let making = PlainMaking(conversion: conversion, scan: scan)
                if let reason = made.lazy.compactMap({ making.reason(making: $0, in: owner.typeName) }).first {
                    self = .unsafe(reason)
                    return
                }
                self = .moved([.replace(wrapperName, with: "State")] + callees.map { .replace($0, with: "State") }, callees: renamed)
            case "ObservedObject":
                if projected || !callees.isEmpty {
                    self = .moved([.replace(wrapperName, with: "Bindable")] + callees.map { .replace($0, with: "Bindable") }, callees: renamed)
                } else {
                    self = .moved([removal(of: holder.attribute, in: holder.file)], callees: renamed)
                }
            default:
                guard !projected, storage.isEmpty, let type = property.declaredType else {
                    self = .unsafe("'\(name)' in \(path) uses the @EnvironmentObject wrapper's own API")
                    return
                }
                let attribute = holder.attribute
                let start = attribute.positionAfterSkippingLeadingTrivia.utf8Offset
                self = .moved([TextEdit(
                    offset: start, length: attribute.endPositionBeforeTrailingTrivia.utf8Offset - start,
                    replacement: "@Environment(\(type.trimmedDescription).self)"
                )], callees: renamed)
            }
        }

        /// The wrapper's name and the value in `_name = Wrapper(wrappedValue: value)` (or
        /// `self._name = ...`), where `token` is the `_name`.
        static func storageAssignment(_ token: TokenSyntax, wrapper: String) -> (TokenSyntax, ExprSyntax)? {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return nil }
            var target = ExprSyntax(reference)
            if let member = ProjectScan.member(token) {
                guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
                target = ExprSyntax(member)
            }
            let parts = target.parent?.as(ExprListSyntax.self).map { Array($0.elements) } ?? []
            guard parts.count == 3, parts[0].id == target.id, parts[1].is(AssignmentExprSyntax.self),
                  let call = parts[2].as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
                  let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), callee.baseName.text == wrapper,
                  call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "wrappedValue" else { return nil }
            return (callee.baseName, argument.expression)
        }
    }
}
