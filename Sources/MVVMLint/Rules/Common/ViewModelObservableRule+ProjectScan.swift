import SwiftSyntax

extension ViewModelObservableRule {
    /// What the fix of `view-model-observable` must know of the linted files: the types and
    /// their conformances, the properties that hold an object through `@StateObject`,
    /// `@ObservedObject` or `@EnvironmentObject`, the `.environmentObject(_:)` calls that
    /// provide one, and every use of `ObservableObject`'s own API that could reach a class.
    /// Made once per fix pass, from the files whose text mentions one of ``words``.
    struct ProjectScan {
        /// A property that holds an object through one of ObservableObject's wrappers.
        struct Holder {
            let file: FixContext.File
            let property: VariableDeclSyntax
            let attribute: AttributeSyntax
            /// `StateObject`, `ObservedObject` or `EnvironmentObject`.
            let wrapper: String
            /// The held type's simple name, `nil` when neither written nor made in place.
            let typeName: String?
            /// The type that declares the property, `nil` for a global.
            let owner: (any DeclGroupSyntax)?
        }

        /// An `.environmentObject(_:)` call.
        struct Provider {
            let file: FixContext.File
            /// The `environmentObject` name.
            let name: TokenSyntax
            /// The provided object's simple type name, `nil` when the syntax does not tell it.
            let typeName: String?
        }

        /// The words a file must mention to matter to the fix: any other file holds no object
        /// and uses none of ObservableObject's API.
        static let words = ["ObservableObject", "objectWillChange", "StateObject", "ObservedObject", "EnvironmentObject", "environmentObject", ".$"]

        /// How many types each simple name declares.
        private(set) var declarations: [String: Int] = [:]
        /// Each protocol's inherited names.
        private(set) var protocols: [String: [String]] = [:]
        /// Each class's inherited names.
        private(set) var classes: [(name: String, inherited: [String])] = []
        /// The extensions, by the simple name of the type they extend.
        private(set) var extensions: [String: [(file: FixContext.File, decl: ExtensionDeclSyntax)]] = [:]
        /// Where each use of ObservableObject's API that could reach any class is.
        private(set) var objectUses: [(path: String, what: String)] = []
        /// Member `$name` uses (`model.$name`), by name.
        private(set) var projectedMembers: [String: String] = [:]
        /// The wrapped holders.
        private(set) var holders: [Holder] = []
        /// The providers.
        private(set) var providers: [Provider] = []
        /// The wrappers' names used other than as a property's attribute, by file.
        private(set) var wrapperUses: [(file: FixContext.File, token: TokenSyntax)] = []
        /// Files that matter but could not be read or parsed.
        private(set) var unread: [String] = []
        /// The names declared by a `typealias`, which may stand for any type.
        private(set) var typealiases: Set<String> = []
        /// The structs and enums, by name, whose making may be plain.
        private(set) var valueTypes: [String: any DeclGroupSyntax] = [:]
        /// The cases of every enum.
        private(set) var enumCases: Set<String> = []
        /// The wrapper names in every holder's recognised `_name = Wrapper(wrappedValue: value)`:
        /// whichever class the holder holds, its own move (or the class staying) accounts for them.
        private(set) var storageCallees: Set<SyntaxIdentifier> = []

        /// The scan of the linted files that mention ``words``, `names` (the classes to move) or
        /// `inherited` (what they conform to), and then the protocols those refine, a bounded
        /// number of rounds: a protocol's file need not mention any other word.
        init(_ project: FixContext, names: [String], inherited: [String] = []) {
            var words = Self.words + names + inherited, searched = Set(words), scanned: Set<String> = []
            for _ in 0..<4 {
                let (paths, unreadable) = project.paths(mentioning: words)
                for path in unreadable + paths where scanned.insert(path).inserted {
                    guard unreadable.contains(path) == false, let file = project.file(path) else {
                        unread.append(path)
                        continue
                    }
                    scan(file)
                }
                // The names the inherited protocols refine, as far as the files scanned tell.
                var reached: Set<String> = [], pending = inherited
                while let next = pending.popLast(), reached.count < 64 {
                    if reached.insert(next).inserted { pending += protocols[next] ?? [] }
                }
                let missing = reached.subtracting(searched).filter { declarations[$0] == nil }
                guard !missing.isEmpty else { break }
                words = missing.sorted()
                searched.formUnion(missing)
            }
            for holder in holders {
                storageCallees.formUnion(Self.storageCallees(of: holder, in: self))
            }
        }

        /// The wrapper names of `holder`'s recognised storage assignments, in its owner and the
        /// owner's extensions.
        static func storageCallees(of holder: Holder, in scan: ProjectScan) -> [SyntaxIdentifier] {
            guard let owner = holder.owner, let name = holder.property.boundNames.first, holder.property.bindings.count == 1 else { return [] }
            let scopes = [Syntax(owner)] + (scan.extensions[owner.typeName] ?? []).map { Syntax($0.decl) }
            return scopes.flatMap { scope in
                scope.tokens(viewMode: .sourceAccurate).compactMap { token in
                    token.tokenKind == .identifier("_" + name) ? HolderMove.storageAssignment(token, wrapper: holder.wrapper)?.0.id : nil
                }
            }
        }

        private mutating func scan(_ file: FixContext.File) {
            for token in file.tree.tokens(viewMode: .sourceAccurate) {
                switch token.tokenKind {
                case .keyword(.class), .keyword(.struct), .keyword(.enum), .keyword(.actor), .keyword(.protocol), .keyword(.typealias):
                    declare(token.parent, in: file)
                case .keyword(.extension):
                    if let decl = token.parent?.as(ExtensionDeclSyntax.self) {
                        extensions[decl.extendedType.simpleName, default: []].append((file, decl))
                    }
                case .identifier("ObservableObject"):
                    if !Self.isConformance(token) { objectUses.append((file.path, "ObservableObject is used as a type")) }
                case .identifier("objectWillChange"):
                    if Self.member(token) != nil { objectUses.append((file.path, "objectWillChange is used")) }
                // `$name` is an identifier; `$0` a dollar identifier.
                case .identifier(let text) where text.hasPrefix("$"):
                    if Self.member(token) != nil { projectedMembers[String(text.dropFirst())] = file.path }
                case .identifier("StateObject"), .identifier("ObservedObject"), .identifier("EnvironmentObject"):
                    holdOrUse(token, in: file)
                case .identifier("environmentObject"):
                    provide(token, in: file)
                default:
                    continue
                }
            }
        }

        private mutating func declare(_ node: Syntax?, in file: FixContext.File) {
            guard let node else { return }
            if let decl = node.asProtocol((any DeclGroupSyntax).self), decl.kind != .extensionDecl {
                declarations[decl.typeName, default: 0] += 1
                if let protocolDecl = decl.as(ProtocolDeclSyntax.self) {
                    protocols[protocolDecl.name.text] = protocolDecl.inheritedNames
                } else if decl.kind == .classDecl {
                    classes.append((decl.typeName, decl.inheritedNames))
                } else if decl.kind == .structDecl || decl.kind == .enumDecl {
                    valueTypes[decl.typeName] = decl
                }
                if decl.kind == .enumDecl {
                    for member in decl.memberBlock.members.elements {
                        guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
                        enumCases.formUnion(cases.elements.elements.map(\.name.text))
                    }
                }
            } else if let alias = node.as(TypeAliasDeclSyntax.self) {
                declarations[alias.name.text, default: 0] += 1
                typealiases.insert(alias.name.text)
            }
        }

        private mutating func holdOrUse(_ token: TokenSyntax, in file: FixContext.File) {
            guard let attribute = token.parent?.as(IdentifierTypeSyntax.self)?.parent?.as(AttributeSyntax.self),
                  let property = attribute.parent?.parent?.as(VariableDeclSyntax.self) else {
                wrapperUses.append((file, token))
                return
            }
            var owner: (any DeclGroupSyntax)?
            var current = property.parent
            while let node = current, owner == nil {
                owner = node.asProtocol((any DeclGroupSyntax).self)
                current = node.parent
            }
            let initialized = property.bindings.first?.initializer?.value.as(FunctionCallExprSyntax.self)
            let typeName = property.declaredType?.simpleName ?? initialized?.calledExpression.calledTypeName
            holders.append(Holder(file: file, property: property, attribute: attribute, wrapper: token.text, typeName: typeName, owner: owner))
        }

        private mutating func provide(_ token: TokenSyntax, in file: FixContext.File) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return }
            let callee: ExprSyntax = Self.member(token).map(ExprSyntax.init) ?? ExprSyntax(reference)
            guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id,
                  call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil else {
                objectUses.append((file.path, "'environmentObject' is used where the fix cannot follow it"))
                return
            }
            providers.append(Provider(file: file, name: token, typeName: Self.typeName(of: argument.expression)))
        }

        /// Whether `ObservableObject` at `token` is a class's conformance or a protocol's
        /// refinement: what every other class and protocol may keep.
        static func isConformance(_ token: TokenSyntax) -> Bool {
            var node = token.parent
            if node?.is(IdentifierTypeSyntax.self) == true || node?.is(MemberTypeSyntax.self) == true { node = node?.parent }
            guard let inherited = node?.as(InheritedTypeSyntax.self),
                  let owner = inherited.parent?.parent?.parent else { return false }
            return owner.is(ClassDeclSyntax.self) || owner.is(ProtocolDeclSyntax.self)
        }

        /// The member access `base.name` that `token` names, if it does.
        static func member(_ token: TokenSyntax) -> MemberAccessExprSyntax? {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id else { return nil }
            return member
        }
    }
}
