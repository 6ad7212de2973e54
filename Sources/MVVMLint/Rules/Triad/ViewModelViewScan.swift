import SwiftSyntax

/// The view model classes of the linted files and the views that hold them, with what each view
/// reaches through the property that holds its view model: what a protocol for the class must
/// offer, and what a view made generic over that protocol still uses. Made in the fix pass only,
/// from the files that mention the classes or their views.
struct ViewModelViewScan {
    /// A stored property of a view (a struct that declares `View`) typed as a view model class.
    struct Holder {
        /// The view's file.
        let file: FixContext.File
        /// The view.
        let view: StructDeclSyntax
        /// The property.
        let property: VariableDeclSyntax
        /// The property's name.
        let name: String
        /// The class it holds.
        let className: String
    }

    /// How the views use one member of a view model.
    struct MemberUse {
        /// Assigned, passed `inout` or bound (`$viewModel.member`): the member must be settable.
        var isWritten = false
        /// A method is called on something inside it (`viewModel.items[0].reset()`), which
        /// mutates it if its type is a value.
        var isCalledInto = false
        /// The methods called on it directly (`viewModel.items.append(x)`), which mutate it if
        /// its type is a value and they are mutating.
        var calledMethods: Set<String> = []

        /// Adds what another use of the member does.
        mutating func absorb(_ other: MemberUse) {
            isWritten = isWritten || other.isWritten
            isCalledInto = isCalledInto || other.isCalledInto
            calledMethods.formUnion(other.calledMethods)
        }
    }

    /// Protocol names declared in the scanned files.
    var protocols: Set<String> { Set(protocolDecls.keys) }

    /// Class declarations by name.
    private(set) var classes: [String: [(file: FixContext.File, decl: ClassDeclSyntax)]] = [:]
    /// Extensions by the simple name of the extended type.
    private(set) var extensions: [String: [(file: FixContext.File, decl: ExtensionDeclSyntax)]] = [:]
    /// Protocol declarations by name.
    private(set) var protocolDecls: [String: [(file: FixContext.File, decl: ProtocolDeclSyntax)]] = [:]
    /// The scanned files, by path.
    private(set) var files: [String: FixContext.File] = [:]
    /// Views' properties holding each class, by class name.
    private(set) var holders: [String: [Holder]] = [:]
    /// The members each class's holders use, by class name, then member name.
    private(set) var uses: [String: [String: MemberUse]] = [:]
    /// Files that could not be read, so that what they use is unknown.
    private(set) var unread: [String] = []

    /// Scans the files that mention any of `classNames`, then those that mention the views
    /// found holding them (for the views' extensions elsewhere).
    init(_ project: FixContext, classNames: Set<String>) {
        let first = project.paths(mentioning: classNames.sorted())
        unread = first.unreadable
        var scanned: Set<String> = []
        for path in first.mentioning {
            guard let file = project.file(path) else {
                unread.append(path)
                continue
            }
            scanned.insert(path)
            collectDeclarations(in: file, classNames: classNames)
        }
        // The superclasses, for what the classes inherit (isolation, `ObservableObject`).
        var looked = classNames
        for _ in 0..<4 {
            let supers = Set(looked.flatMap { name in (classes[name] ?? []).compactMap { $0.decl.inheritedNames.first } })
                .subtracting(looked).subtracting(classes.keys)
            guard !supers.isEmpty else { break }
            looked.formUnion(supers)
            collectFiles(project.paths(mentioning: supers.sorted()), project, scanned: &scanned)
        }
        let viewNames = Set(holders.values.flatMap { $0.map(\.view.name.text) })
        if !viewNames.isEmpty {
            collectFiles(project.paths(mentioning: viewNames.sorted()), project, scanned: &scanned)
        }
        for holder in holders.values.joined() {
            collectUses(of: holder)
        }
    }

    /// Collects the declarations of the files of `found` not yet `scanned`.
    private mutating func collectFiles(_ found: (mentioning: [String], unreadable: [String]), _ project: FixContext, scanned: inout Set<String>) {
        for path in found.unreadable where !unread.contains(path) {
            unread.append(path)
        }
        for path in found.mentioning where !scanned.contains(path) {
            scanned.insert(path)
            guard let file = project.file(path) else {
                unread.append(path)
                continue
            }
            collectDeclarations(in: file, classNames: [])
        }
    }

    /// The class named `name` and its superclasses among the scanned files, nearest first;
    /// stops at a name declared as a class other than once.
    func classChain(of name: String) -> [ClassDeclSyntax] {
        var chain: [ClassDeclSyntax] = []
        var next: String? = name
        while let current = next, chain.count < 8, let found = classes[current], found.count == 1 {
            chain.append(found[0].decl)
            next = found[0].decl.inheritedNames.first
        }
        return chain
    }

    /// The declarations of `file`: classes, extensions, protocols, and views holding one of
    /// `classNames`.
    private mutating func collectDeclarations(in file: FixContext.File, classNames: Set<String>) {
        files[file.path] = file
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .keyword(.class):
                if let decl = token.parent?.as(ClassDeclSyntax.self) {
                    classes[decl.name.text, default: []].append((file, decl))
                }
            case .keyword(.extension):
                if let decl = token.parent?.as(ExtensionDeclSyntax.self) {
                    extensions[decl.extendedType.simpleName, default: []].append((file, decl))
                }
            case .keyword(.protocol):
                if let decl = token.parent?.as(ProtocolDeclSyntax.self) {
                    protocolDecls[decl.name.text, default: []].append((file, decl))
                }
            case .keyword(.struct):
                guard let view = token.parent?.as(StructDeclSyntax.self) else { continue }
                guard !classNames.isEmpty, view.declaresViewConformance else { continue }
                for property in view.properties where !property.isStatic {
                    guard let className = Self.heldClassName(property), classNames.contains(className),
                          let name = property.boundNames.first, property.bindings.count == 1 else { continue }
                    holders[className, default: []].append(Holder(file: file, view: view, property: property, name: name, className: className))
                }
            default:
                continue
            }
        }
    }

    /// The class a view's property holds: its written type's name, or the type it is made as.
    static func heldClassName(_ property: VariableDeclSyntax) -> String? {
        if let name = property.environmentObjectTypeName { return name }
        return property.inferredTypeName
    }

    /// The view and its extensions (those that extend it by its plain name, in scanned files).
    func viewScopes(of view: StructDeclSyntax) -> [any DeclGroupSyntax] {
        let name = view.name.text
        return [view] + (extensions[name] ?? []).map(\.decl).filter { $0.extendedType.trimmedText == name }
    }

    /// Records the members `holder`'s view uses through its property, in the view and its
    /// extensions.
    private mutating func collectUses(of holder: Holder) {
        let names = [holder.name, "$" + holder.name]
        for scope in viewScopes(of: holder.view) {
            for token in scope.memberBlock.tokens(viewMode: .sourceAccurate) {
                let text: String
                switch token.tokenKind {
                case .identifier(let identifier), .dollarIdentifier(let identifier): text = identifier
                default: continue
                }
                guard names.contains(text), let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                var expression = ExprSyntax(reference)
                // `self.viewModel` is the property too.
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                    guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { continue }
                    expression = ExprSyntax(member)
                }
                if let (memberName, use) = Self.viewModelMemberUse(through: expression, isBinding: text.hasPrefix("$")) {
                    uses[holder.className, default: [:]][memberName, default: MemberUse()].absorb(use)
                }
            }
        }
    }

    /// The member reached from `expression` (`viewModel.member`, through `?` or `!`), and how.
    static func viewModelMemberUse(through expression: ExprSyntax, isBinding: Bool) -> (String, MemberUse)? {
        var base = expression
        if let parent = base.parent, parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
            base = ExprSyntax(parent)!
        }
        guard let member = base.parent?.as(MemberAccessExprSyntax.self), member.base?.id == base.id else { return nil }
        var use = MemberUse(isWritten: isBinding)
        var top = ExprSyntax(member)
        var steps: [String?] = []
        climbing: while let parent = top.parent {
            if let access = parent.as(MemberAccessExprSyntax.self), access.base?.id == top.id {
                steps.append(access.declName.baseName.text)
            } else if let subscriptCall = parent.as(SubscriptCallExprSyntax.self), subscriptCall.calledExpression.id == top.id {
                steps.append(nil)
            } else if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                // The same value.
            } else if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == top.id {
                if steps.count == 1, let method = steps[0] {
                    use.calledMethods.insert(method)
                } else if !steps.isEmpty {
                    use.isCalledInto = true
                }
                break climbing
            } else {
                break climbing
            }
            top = ExprSyntax(parent)!
        }
        if top.parent?.is(InOutExprSyntax.self) == true || isAssignmentTarget(top) {
            use.isWritten = true
        }
        return (member.declName.baseName.text, use)
    }

    /// Whether `expression` is the left side of `=` or of a compound assignment (`+=`).
    static func isAssignmentTarget(_ expression: ExprSyntax) -> Bool {
        guard let list = expression.parent?.as(ExprListSyntax.self) else {
            if let infix = expression.parent?.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == expression.id {
                return isAssignmentOperator(infix.operator)
            }
            return false
        }
        guard let index = list.index(of: expression), list.index(after: index) != list.endIndex else { return false }
        return isAssignmentOperator(list[list.index(after: index)])
    }

    private static func isAssignmentOperator(_ operation: ExprSyntax) -> Bool {
        if operation.is(AssignmentExprSyntax.self) { return true }
        guard let text = operation.as(BinaryOperatorExprSyntax.self)?.operator.text, text.hasSuffix("=") else { return false }
        return !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }
}
